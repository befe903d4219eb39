import type { YouTubeChannel } from "./youtube.ts";

/** Does what the visitor typed name this channel? Its @handle or its title, in any case, "@" and spaces aside. */
export function matchesChannel(username: string, channel: YouTubeChannel): boolean {
  const typed = comparable(username);
  if (!typed) return false;
  return [channel.handle, channel.title].some((name) => name !== null && comparable(name) === typed);
}

function comparable(name: string): string {
  return name.normalize("NFKC").trim().replace(/^@/, "").trim().toLowerCase();
}

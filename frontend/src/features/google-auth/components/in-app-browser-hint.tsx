import { Alert, Button, HStack, Link, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { phonePlatform, systemBrowserUrl } from "../browser-environment.ts";

const WAY_OUT: Record<ReturnType<typeof phonePlatform>, { browser: string; steps: string }> = {
  ios: {
    browser: "Safari",
    steps: "tap the ⋯ or share button and choose “Open in Safari” or “Open in external browser”",
  },
  android: { browser: "Chrome", steps: "tap the ⋮ menu and choose “Open in Chrome” or “Open in external browser”" },
  other: { browser: "your browser", steps: "use this app's menu to open the page in your browser" },
};

/** A status, not a dialog, so the page stays usable. */
export function InAppBrowserHint({ userAgent, pageUrl }: { userAgent: string; pageUrl: string }) {
  const titleId = useId();
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const { browser, steps } = WAY_OUT[phonePlatform(userAgent)];

  const copyLink = () =>
    navigator.clipboard.writeText(pageUrl).then(
      () => setCopyState("copied"),
      () => setCopyState("failed"),
    );

  return (
    <Alert.Root status="warning" role="status" aria-labelledby={titleId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title id={titleId}>Google sign-in is blocked in this app&apos;s browser</Alert.Title>
        <Alert.Description>
          Google does not allow signing in from an app&apos;s built-in browser (Instagram, Facebook, LinkedIn, TikTok or
          a wallet&apos;s). To connect with Google, open this page in {browser}: {steps}.
        </Alert.Description>
        <HStack gap="3" mt="2" wrap="wrap">
          <Link
            href={systemBrowserUrl(pageUrl, userAgent)}
            target="_blank"
            rel="noopener noreferrer"
            variant="underline"
          >
            Open this page in {browser}
          </Link>
          <Button size="xs" variant="outline" onClick={copyLink}>
            Copy link
          </Button>
        </HStack>
        {copyState !== "idle" && (
          <Text fontSize="sm" mt="1">
            {copyState === "copied"
              ? `Link copied: paste it into ${browser}'s address bar.`
              : "The link could not be copied: use the app's menu to open the page instead."}
          </Text>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The local viewers' channel, shaped like YouTube's ids. */
export const LOCAL_CHANNEL_ID = "UCtube-local-channel-000";
export const LOCAL_CHANNEL_TITLE = "TuBE Local Channel";

/** YouTube's answer for the account, whatever is asked. */
type YouTubeBehaviour = "normal" | "suspended" | "closed" | "quotaExceeded";

export interface SeedAccount {
  /** Google's stable id: 21 digits. */
  sub: string;
  email: string;
  name: string;
  /** Its own channel, if it made one. */
  channel: { id: string; title: string; handle: string } | null;
  subscribedTo: string[];
  youtube: YouTubeBehaviour;
  /** false: the person unticks YouTube on the consent screen. */
  grantsYoutube: boolean;
  /** Managed Brand Accounts, each its own identity. */
  brandAccounts?: SeedAccount[];
}

/** The domain of Brand Accounts' e-mail addresses at Google (no inbox). */
export const BRAND_ACCOUNT_EMAIL_DOMAIN = "pages.plusgoogle.com";

/** YouTube answers normally; grants YouTube when asked. */
export function seedAccount(
  fields: Pick<SeedAccount, "sub" | "email" | "name" | "channel" | "subscribedTo"> & Partial<SeedAccount>,
): SeedAccount {
  return { youtube: "normal", grantsYoutube: true, ...fields };
}

/** One account per path through the claim flow. */
export function defaultGoogleAccounts(channelId: string = LOCAL_CHANNEL_ID) {
  const account = (n: number, login: string, name: string, handle: string | null, rest: Partial<SeedAccount> = {}) =>
    seedAccount({
      sub: `1000000000000000000${String(n).padStart(2, "0")}`,
      email: `${login}@example.com`,
      name,
      channel: handle ? { id: `UC${login}-local-channel-00`, title: name, handle } : null,
      subscribedTo: [channelId],
      ...rest,
    });
  return [
    account(1, "alice", "Alice Watches", "@alicewatches"),
    account(2, "bob", "Bob Builds", "@bobbuilds", { subscribedTo: [] }),
    account(3, "carol", "Carol No Channel", null),
    account(4, "dave", "Dave Suspended", "@davesuspended", { youtube: "suspended" }),
    account(5, "erin", "Erin Over Quota", "@erinoverquota", { youtube: "quotaExceeded" }),
    account(6, "frank", "Frank Declines YouTube", "@frankdeclines", { grantsYoutube: false }),
    account(7, "grace", "Grace Closed", "@graceclosed", { youtube: "closed" }),
    // A second subscriber, so a claim can be tried again with a fresh account.
    account(8, "heidi", "Heidi Subscribes", "@heidisubscribes"),
    // Also manages a Brand Account's channel: the channel picker offers both.
    account(9, "ivan", "Ivan Manages Brands", "@ivanmanages", {
      brandAccounts: [
        seedAccount({
          sub: "100000000000000000901",
          email: `ivan-brand-0001@${BRAND_ACCOUNT_EMAIL_DOMAIN}`,
          name: "Ivan's Brand",
          channel: { id: "UCivan-brand-channel-0001", title: "Ivan's Brand", handle: "@ivansbrand" },
          subscribedTo: [channelId],
        }),
      ],
    }),
  ];
}

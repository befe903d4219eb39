export const EMAIL_SCOPE = "https://www.googleapis.com/auth/userinfo.email";
export const PROFILE_SCOPE = "https://www.googleapis.com/auth/userinfo.profile";

/** Any of these lets a token read YouTube subscriptions. */
export const YOUTUBE_READ_SCOPES: readonly string[] = [
  "https://www.googleapis.com/auth/youtube.readonly",
  "https://www.googleapis.com/auth/youtube",
  "https://www.googleapis.com/auth/youtube.force-ssl",
];

const ALIASES: Record<string, string> = { email: EMAIL_SCOPE, profile: PROFILE_SCOPE };

/** As Google reports them: short names spelt out, "openid" added, YouTube left out if unticked. */
export function grantedScopes(requested: string, grantsYoutube: boolean) {
  const scopes = new Set(
    requested
      .split(" ")
      .filter(Boolean)
      .map((scope) => ALIASES[scope] ?? scope),
  );
  if (scopes.has(EMAIL_SCOPE) || scopes.has(PROFILE_SCOPE)) scopes.add("openid");
  if (!grantsYoutube) for (const scope of YOUTUBE_READ_SCOPES) scopes.delete(scope);
  return [...scopes];
}

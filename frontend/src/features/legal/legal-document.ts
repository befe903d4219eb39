/** Links are `[text](target)`: "/…" a page of this site, `channel` the YouTube channel, else a new tab. */

export type LegalBlock = string | readonly string[];

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  /** Numbered documents prefix each section heading with "1.", "2.", … */
  numbered: boolean;
  intro: string;
  sections: readonly { heading: string; blocks: readonly LegalBlock[] }[];
}

export const LEGAL_LAST_UPDATED = "May 25, 2025";
export const GOOGLE_PERMISSIONS_URL = "https://myaccount.google.com/permissions";
/** Linked from the terms and the privacy policy, as YouTube's API rules ask. */
export const YOUTUBE_TERMS_URL = "https://www.youtube.com/t/terms";
export const GOOGLE_PRIVACY_POLICY_URL = "https://policies.google.com/privacy";

/**
 * Legal texts are data, rendered by one component, so each page only states its words. A text may hold links as
 * `[text](target)`: a target starting with "/" is a page of this site, `channel` the configured YouTube channel, and
 * anything else an outside address, opened in a new tab.
 */

/** A paragraph, or a list of bullets. */
export type LegalBlock = string | readonly string[];

interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** Shown as "Last updated: …" under the title: every page of the set says when its text last changed. */
  lastUpdated: string;
  /** Numbered documents prefix each section heading with "1.", "2.", … */
  numbered: boolean;
  intro: string;
  sections: readonly LegalSection[];
}

export const LEGAL_LAST_UPDATED = "May 25, 2025";
export const GOOGLE_PERMISSIONS_URL = "https://myaccount.google.com/permissions";
/** YouTube's API rules ask every app that uses YouTube data to link these two from its terms and its privacy policy. */
export const YOUTUBE_TERMS_URL = "https://www.youtube.com/t/terms";
export const GOOGLE_PRIVACY_POLICY_URL = "https://policies.google.com/privacy";

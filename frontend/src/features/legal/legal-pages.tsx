import { GOOGLE_API_USAGE } from "./google-api-usage.ts";
import { LegalDocumentPage } from "./legal-document-page.tsx";
import { PRIVACY_POLICY } from "./privacy-policy.ts";
import { TERMS_OF_SERVICE } from "./terms-of-service.ts";

export function TermsPage() {
  return <LegalDocumentPage document={TERMS_OF_SERVICE} />;
}

export function PrivacyPage() {
  return <LegalDocumentPage document={PRIVACY_POLICY} />;
}

export function GoogleInfoPage() {
  return <LegalDocumentPage document={GOOGLE_API_USAGE} />;
}

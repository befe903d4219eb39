import { PAGE_PATHS } from "@tube/common/app-pages";
import { GOOGLE_API_USAGE } from "./google-api-usage.ts";
import { PRIVACY_POLICY } from "./privacy-policy.ts";
import { TERMS_OF_SERVICE } from "./terms-of-service.ts";

export const LEGAL_DOCUMENTS = {
  [PAGE_PATHS.terms]: TERMS_OF_SERVICE,
  [PAGE_PATHS.privacy]: PRIVACY_POLICY,
  [PAGE_PATHS.googleInfo]: GOOGLE_API_USAGE,
};

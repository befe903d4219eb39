import { Box, Container, Flex, Link, Separator, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { youtubeChannelUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { ExternalLink } from "./external-link.tsx";

export const GOOGLE_USER_DATA_POLICY_URL = "https://developers.google.com/terms/api-services-user-data-policy";

const LEGAL_LINKS = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/google-info", label: "Google API Usage" },
] as const;

export function Footer() {
  const { youtubeChannelId } = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <Box as="footer" bg="gray.900" color="gray.300" paddingY="8">
      <Container maxWidth="5xl">
        <Stack gap="5">
          <Flex as="nav" aria-label="Footer" wrap="wrap" columnGap="6" rowGap="2">
            {LEGAL_LINKS.map(({ to, label }) => (
              <Link key={to} asChild color="gray.100" fontSize="sm">
                <RouterLink to={to}>{label}</RouterLink>
              </Link>
            ))}
            <ExternalLink href={youtubeChannelUrl(youtubeChannelId)} color="gray.100" fontSize="sm">
              YouTube Channel
            </ExternalLink>
          </Flex>
          <Text fontSize="sm">
            TuBE Rewards&apos; use and transfer of information received from Google APIs adheres to the{" "}
            <ExternalLink href={GOOGLE_USER_DATA_POLICY_URL} color="gray.100" textDecoration="underline">
              Google API Services User Data Policy
            </ExternalLink>
            , including the Limited Use requirements.
          </Text>
          <Separator borderColor="gray.700" />
          <Flex wrap="wrap" justify="space-between" gap="2" fontSize="sm">
            <Text>© {year} YouTube Token Rewards. All rights reserved.</Text>
            <Text>Powered by Arbitrum Network</Text>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}

import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { ARBITRUM_ONE_NAME, REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { Link as RouterLink } from "react-router";
import { ExternalLink } from "../../components/ui/external-link.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { youtubeSubscribeUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";

const STEPS = [
  {
    title: "Subscribe",
    text: "Subscribe to the channel on YouTube, then confirm it by signing in with Google. We only ask for read-only access.",
  },
  {
    title: "Connect Wallet",
    text: `Connect MetaMask or another wallet on ${ARBITRUM_ONE_NAME}, or sign in with Google to get an embedded wallet.`,
  },
  {
    title: "Claim Tokens",
    text: `Claim your ${REWARD_TOKENS} ${TOKEN_SYMBOL}. They are minted straight to your wallet, and you pay no gas.`,
  },
] as const;

/** `preloadClaim` starts downloading the claim wizard when the visitor shows intent (hover, focus, touch). */
export function LandingPage({ preloadClaim }: { preloadClaim?: () => void }) {
  const { youtubeChannelId } = usePublicConfig();

  return (
    <PageLayout>
      <Box bgGradient="to-br" gradientFrom="red.600" gradientVia="red.700" gradientTo="blue.800" color="white">
        <Container maxWidth="5xl" paddingY={{ base: "14", md: "24" }}>
          <Stack gap="6" maxWidth="2xl">
            <Badge
              alignSelf="flex-start"
              size="lg"
              variant="solid"
              bg="whiteAlpha.300"
              color="white"
              borderRadius="full"
            >
              {REWARD_TOKENS} {TOKEN_SYMBOL} · {ARBITRUM_ONE_NAME}
            </Badge>
            <Heading as="h1" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.1" fontWeight="extrabold">
              Subscribe &amp; Earn Tokens
            </Heading>
            <Text fontSize={{ base: "lg", md: "xl" }} color="whiteAlpha.900">
              Subscribe to our YouTube channel and claim {REWARD_TOKENS} {TOKEN_SYMBOL} tokens on the Arbitrum network
              for free. All you need is a wallet address; each wallet and each Google account can claim once.
            </Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="3">
              <Button asChild size="xl" bg="white" color="red.700" _hover={{ bg: "gray.100" }}>
                <RouterLink
                  to="/claim"
                  onPointerEnter={preloadClaim}
                  onFocus={preloadClaim}
                  onTouchStart={preloadClaim}
                >
                  Start Claiming Tokens
                </RouterLink>
              </Button>
              <Button
                asChild
                size="xl"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: "whiteAlpha.200" }}
              >
                <ExternalLink unstyled href={youtubeSubscribeUrl(youtubeChannelId)}>
                  Subscribe on YouTube
                </ExternalLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="how-it-works" maxWidth="5xl" paddingY={{ base: "12", md: "16" }}>
        <Heading as="h2" id="how-it-works" size="2xl" marginBottom="8">
          How it works
        </Heading>
        <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
          {STEPS.map((step, index) => (
            <Card.Root as="li" key={step.title} variant="elevated" borderTopWidth="4px" borderTopColor="red.500">
              <Card.Body gap="3">
                <Heading as="h3" size="lg" display="flex" alignItems="center" gap="3">
                  <Box
                    as="span"
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="10"
                    borderRadius="full"
                    bg="red.50"
                    color="red.700"
                    fontWeight="bold"
                  >
                    {index + 1}
                    <VisuallyHidden>{". "}</VisuallyHidden>
                  </Box>
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </PageLayout>
  );
}

import { Box, Button, Container, Heading, Link, List, Stack, Text } from "@chakra-ui/react";
import { Fragment } from "react";
import { Link as RouterLink } from "react-router";
import { ExternalLink } from "../../components/ui/external-link.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { youtubeChannelUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import type { InlinePart, LegalBlock, LegalDocument } from "./legal-document.ts";

export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <PageLayout>
      <Container maxWidth="3xl" paddingY={{ base: "8", md: "12" }}>
        <Stack gap="8">
          <Button asChild variant="ghost" alignSelf="flex-start" colorPalette="red" paddingX="2">
            <RouterLink to="/">
              <span aria-hidden="true">←</span> Back to Home
            </RouterLink>
          </Button>
          <Stack gap="3">
            <Heading as="h1" fontSize={{ base: "3xl", md: "4xl" }}>
              {document.title}
            </Heading>
            {document.lastUpdated && <Text color="fg.muted">Last updated: {document.lastUpdated}</Text>}
            <Text fontSize="lg">
              <Inline parts={document.intro} />
            </Text>
          </Stack>
          {document.sections.map((section, index) => (
            <Box as="section" key={section.heading} aria-labelledby={`section-${index + 1}`}>
              <Heading as="h2" id={`section-${index + 1}`} size="lg" marginBottom="3">
                {document.numbered ? `${index + 1}. ${section.heading}` : section.heading}
              </Heading>
              <Stack gap="3" lineHeight="tall">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </PageLayout>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if ("paragraph" in block) {
    return (
      <Text>
        <Inline parts={block.paragraph} />
      </Text>
    );
  }
  return (
    <List.Root gap="2" paddingStart="5">
      {block.bullets.map((parts, index) => (
        <List.Item key={index}>
          <Inline parts={parts} />
        </List.Item>
      ))}
    </List.Root>
  );
}

function Inline({ parts }: { parts: readonly InlinePart[] }) {
  const { youtubeChannelId } = usePublicConfig();
  return parts.map((part, index) => {
    if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
    if ("to" in part) {
      return (
        <Link key={index} asChild color="red.700" textDecoration="underline">
          <RouterLink to={part.to}>{part.text}</RouterLink>
        </Link>
      );
    }
    const href = "href" in part ? part.href : youtubeChannelUrl(youtubeChannelId);
    return (
      <ExternalLink key={index} href={href} color="red.700" textDecoration="underline">
        {part.text}
      </ExternalLink>
    );
  });
}

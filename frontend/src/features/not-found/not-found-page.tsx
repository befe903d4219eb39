import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { PageLayout } from "../../components/ui/page-layout.tsx";

export function NotFoundPage() {
  return (
    <PageLayout>
      <Container maxWidth="xl" paddingY={{ base: "16", md: "24" }}>
        <Stack gap="4" alignItems="center" textAlign="center">
          <Heading as="h1" fontSize={{ base: "3xl", md: "4xl" }}>
            404 Page Not Found
          </Heading>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
          <Button asChild colorPalette="red">
            <RouterLink to="/">Go to Home</RouterLink>
          </Button>
        </Stack>
      </Container>
    </PageLayout>
  );
}

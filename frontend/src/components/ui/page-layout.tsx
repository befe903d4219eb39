import { Box, Container, Flex, Link } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Footer } from "./footer.tsx";

/** Header, main landmark and footer shared by every screen. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minHeight="100dvh">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Container maxWidth="5xl" paddingY="3">
          <Link asChild fontWeight="bold" fontSize="lg" color="fg" _hover={{ textDecoration: "none" }}>
            <RouterLink to="/">
              <Box
                as="span"
                aria-hidden="true"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                boxSize="7"
                borderRadius="md"
                bgGradient="to-br"
                gradientFrom="red.500"
                gradientTo="blue.600"
                color="white"
                fontSize="xs"
              >
                ▶
              </Box>
              TuBE Rewards
            </RouterLink>
          </Link>
        </Container>
      </Box>
      <Box as="main" id="main-content" flex="1" display="flex" flexDirection="column">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}

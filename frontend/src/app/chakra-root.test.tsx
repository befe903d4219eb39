import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChakraRoot } from "./chakra-root.tsx";
import { system } from "./theme.ts";

const globalStyles = () => document.head.querySelectorAll('style[data-emotion^="css-global"]');

describe("ChakraRoot", () => {
  it("when Chakra's own provider renders, then it inserts global styles (what the prebuilt stylesheet replaces)", () => {
    render(<ChakraProvider value={system}>{null}</ChakraProvider>);

    expect(globalStyles().length).toBeGreaterThan(0);
  });

  it("when it renders, then it inserts no global style: the prebuilt stylesheet holds them", () => {
    render(
      <ChakraRoot>
        <p>page</p>
      </ChakraRoot>,
    );

    expect(globalStyles()).toHaveLength(0);
  });
});

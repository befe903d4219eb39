import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";
import { TEST_PUBLIC_CONFIG } from "../test/render-with-providers.tsx";
import { server } from "../test/server.ts";
import { PublicConfigProvider, usePublicConfig } from "./public-config.tsx";

function ChannelId() {
  return <p>channel: {usePublicConfig().youtubeChannelId}</p>;
}

function renderProvider() {
  return render(
    <ChakraProvider value={defaultSystem}>
      <PublicConfigProvider>
        <ChannelId />
      </PublicConfigProvider>
    </ChakraProvider>,
  );
}

/** Answers /api/config with the given responses in turn, counting the calls. */
function answerConfig(...responses: (() => Response)[]) {
  let calls = 0;
  server.use(http.get("/api/config", () => (responses[Math.min(calls++, responses.length - 1)] as () => Response)()));
  return { calls: () => calls };
}

afterEach(() => {
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
});

describe("PublicConfigProvider", () => {
  it("when the server wrote the config into the page, then the children read it at once and nothing is fetched", () => {
    const config = answerConfig(() => HttpResponse.json(TEST_PUBLIC_CONFIG));
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = PUBLIC_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify(TEST_PUBLIC_CONFIG);
    document.head.append(block);

    renderProvider();

    expect(screen.getByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(config.calls()).toBe(0);
  });

  it("when /api/config answers, then a spinner shows first and the children then read the config", async () => {
    const config = answerConfig(() => HttpResponse.json(TEST_PUBLIC_CONFIG));

    renderProvider();

    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(await screen.findByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(config.calls()).toBe(1);
  });

  it("when /api/config fails, then an error with Retry shows, and Retry loads the config", async () => {
    const config = answerConfig(
      () => HttpResponse.error(),
      () => HttpResponse.json(TEST_PUBLIC_CONFIG),
    );

    renderProvider();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Network error. Please check your connection and try again.");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(config.calls()).toBe(2);
  });
});

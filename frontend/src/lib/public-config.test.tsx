import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";
import { system } from "../app/theme.ts";
import { TEST_PUBLIC_CONFIG } from "../test/render-with-providers.tsx";
import { PublicConfigProvider, usePublicConfig } from "./public-config.tsx";

function ChannelId() {
  return <p>channel: {usePublicConfig().youtubeChannelId}</p>;
}

function renderProvider() {
  return render(
    <ChakraProvider value={system}>
      <PublicConfigProvider>
        <ChannelId />
      </PublicConfigProvider>
    </ChakraProvider>,
  );
}

const configResponse = () => new Response(JSON.stringify(TEST_PUBLIC_CONFIG), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
});

describe("PublicConfigProvider", () => {
  it("when the server wrote the config into the page, then the children read it at once and nothing is fetched", () => {
    const fetchMock = vi.fn(async () => configResponse());
    vi.stubGlobal("fetch", fetchMock);
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = PUBLIC_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify(TEST_PUBLIC_CONFIG);
    document.head.append(block);

    renderProvider();

    expect(screen.getByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when /api/config answers, then a spinner shows first and the children then read the config", async () => {
    const fetchMock = vi.fn(async () => configResponse());
    vi.stubGlobal("fetch", fetchMock);

    renderProvider();

    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(await screen.findByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/config", expect.anything());
  });

  it("when /api/config fails, then an error with Retry shows, and Retry loads the config", async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(configResponse());
    vi.stubGlobal("fetch", fetchMock);

    renderProvider();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Network error. Please check your connection and try again.");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(`channel: ${TEST_PUBLIC_CONFIG.youtubeChannelId}`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

export function shortenAddress(address: string) {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export function youtubeChannelUrl(channelId: string) {
  return `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
}

/** The channel page that opens YouTube's "Subscribe?" confirmation. */
export function youtubeSubscribeUrl(channelId: string) {
  return `${youtubeChannelUrl(channelId)}?sub_confirmation=1`;
}

/** A claim's date as the visitor reads it ("November 5, 2026"), in their own time zone. */
export function formatClaimDate(iso: string) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(iso));
}

export function explorerTxUrl(explorerUrl: string, txHash: string) {
  return `${explorerUrl.replace(/\/+$/, "")}/tx/${txHash}`;
}

/** Spec §9: an address is displayed as its first 6 and last 4 characters. */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

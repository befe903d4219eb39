/**
 * Anvil's well-known dev accounts (mnemonic "test test … junk"), each funded with 10,000 ETH.
 * Public test keys: never use them on a real network.
 */
export interface DevAccount {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

/** Deploys the token and the rewards contract, and holds DEFAULT_ADMIN_ROLE on both. */
export const DEPLOYER: DevAccount = {
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
};

/**
 * The local Engine's server wallet: holds REWARDER_ROLE on the rewards contract (no role on the token, so it cannot
 * mint around the once-per-wallet gate) and pays the gas of every reward.
 */
export const ENGINE_SERVER_WALLET: DevAccount = {
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
};

/** Viewers' wallets in tests. */
export const USERS: readonly [DevAccount, DevAccount, DevAccount, DevAccount] = [
  {
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  },
  {
    address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  },
  {
    address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  },
  {
    address: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    privateKey: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  },
];

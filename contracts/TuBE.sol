// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";

/// @title TuBE reward token
/// @notice Minted only by holders of MINTER_ROLE; its role holders are listed on chain, so an operator sees them all.
/// @dev MINTER_ROLE belongs to TuBERewards alone: any other holder could mint around its once-per-wallet gate.
contract TuBE is ERC20, AccessControlEnumerable {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) ERC20("TuBE", "TuBE") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @dev The selector thirdweb's erc20 `mintTo` extension encodes.
    function mintTo(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}

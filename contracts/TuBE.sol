// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";

/// @title TuBE reward token
/// @notice Minted only by holders of MINTER_ROLE; no fixed supply. Its role holders are listed on chain
/// (`getRoleMemberCount`, `getRoleMember`), so an operator sees every minter and admin.
/// @dev MINTER_ROLE belongs to the TuBERewards contract alone, which pays each wallet once: granting it to any other
/// account (the server wallet included) lets that account mint around the once-per-wallet gate.
contract TuBE is ERC20, AccessControlEnumerable {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) ERC20("TuBE", "TuBE") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @dev `mintTo(address,uint256)` is the selector thirdweb's erc20 `mintTo` extension encodes (0x449a52f8).
    function mintTo(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

interface ITuBE {
    function mintTo(address to, uint256 amount) external;
}

/// @notice Arbitrum's system precompile, at address 100.
interface IArbSys {
    function arbBlockNumber() external view returns (uint256);
}

/// @title TuBE rewards
/// @notice Pays each wallet the reward at most once, whatever the caller believes: the last gate against a bug, a
/// replayed request or a second server.
/// @dev It holds only while this contract is the token's only minter.
contract TuBERewards is AccessControl {
    /// @notice May call `reward` (the Engine server wallet).
    bytes32 public constant REWARDER_ROLE = keccak256("REWARDER_ROLE");

    address public immutable token;
    /// @notice In the token's base units.
    uint256 public immutable rewardAmount;

    /// @notice The L2 block in which a wallet was rewarded, 0 if never; once set it never changes. A server finds the
    /// reward's transaction with a one-block log query, within any provider's range cap.
    mapping(address => uint256) public rewardedInBlock;
    uint256 public rewardsPaid;
    /// @notice The most wallets this contract rewards: a budget that holds even if the server's own count is wrong.
    uint256 public maxRewards;

    event Rewarded(address indexed to, uint256 amount);
    event MaxRewardsChanged(uint256 maxRewards);

    error ZeroAddress();
    error AlreadyRewarded(address to);
    error RewardCapReached();

    /// @param admin Holds DEFAULT_ADMIN_ROLE: grants REWARDER_ROLE and changes `maxRewards`.
    constructor(address admin, address token_, uint256 rewardAmount_, uint256 maxRewards_) {
        if (admin == address(0) || token_ == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        token = token_;
        rewardAmount = rewardAmount_;
        maxRewards = maxRewards_;
        emit MaxRewardsChanged(maxRewards_);
    }

    function reward(address to) external onlyRole(REWARDER_ROLE) {
        if (to == address(0)) revert ZeroAddress();
        if (rewardedInBlock[to] != 0) revert AlreadyRewarded(to);
        if (rewardsPaid >= maxRewards) revert RewardCapReached();
        // Recorded before the external call, so the token cannot re-enter and be paid twice.
        rewardedInBlock[to] = l2BlockNumber();
        rewardsPaid += 1;
        ITuBE(token).mintTo(to, rewardAmount);
        emit Rewarded(to, rewardAmount);
    }

    /// @dev On Arbitrum `block.number` estimates L1's; the L2 block comes from ArbSys. Without the precompile (anvil)
    /// the call answers no data, and `block.number` is the chain's own.
    function l2BlockNumber() private view returns (uint256) {
        (bool ok, bytes memory answer) = address(100).staticcall(abi.encodeCall(IArbSys.arbBlockNumber, ()));
        return ok && answer.length == 32 ? abi.decode(answer, (uint256)) : block.number;
    }

    /// @notice Raises or lowers the cap; below `rewardsPaid` it stops further rewards without undoing any.
    function setMaxRewards(uint256 newMax) external onlyRole(DEFAULT_ADMIN_ROLE) {
        maxRewards = newMax;
        emit MaxRewardsChanged(newMax);
    }
}

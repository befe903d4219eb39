// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title The part of Multicall3 the server reads through, for the local chain
/// @notice Arbitrum One has Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11, as most chains do; anvil has
/// nothing there, so the local world puts this contract's code at that address. `aggregate3` behaves as the real
/// one's: each call runs in turn, a call that may fail reports `success = false`, and one that may not reverts the
/// whole read with "Multicall3: call failed".
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }
}

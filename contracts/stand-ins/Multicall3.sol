// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title The part of Multicall3 the server reads through, for the local chain
/// @notice The local world puts this code at Multicall3's address, empty on anvil. `aggregate3` behaves as the real
/// one's: a call that may fail reports `success = false`, one that may not reverts the whole read.
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

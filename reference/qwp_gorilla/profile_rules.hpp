// Every rule of the QWP decoder profiles (model.hpp kProfiles): what each real decoder accepts where the
// implementations disagree (spec qwp-gorilla.md §3.1, §3.1a, §4 D2, D3); then the encoder profiles
// (kEncodeProfiles: §1.6, §4 D4); each with its source. Printed by `tsconform qwp-gorilla profiles` and,
// through it, conformance/PROFILES.md.
#pragma once

#include <array>

#include "reference/common/profile_rule.hpp"

namespace tsc::qwp {

inline constexpr std::array kProfileRules{
    // ---- strict
    ProfileRule{"strict", RulePart::version, "strict.version", "Java client egress decoder (QwpResultBatchDecoder)",
                "questdb/java-questdb-client .../qwp/client/QwpResultBatchDecoder.java (QWP revisions, spec §0 JC)"},
    ProfileRule{"strict", RulePart::normalisation, "strict.few_values",
                "enc_flag 0x01 with fewer than 3 non-null values is gorilla_too_few_values",
                "questdb/java-questdb-client QwpResultBatchDecoder.java (spec §3.1, §4 D2)"},
    ProfileRule{"strict", RulePart::normalisation, "strict.null_flag", "any non-zero null flag means a bitmap follows",
                "questdb/java-questdb-client QwpResultBatchDecoder.java (spec §4 D3)"},
    // ---- server
    ProfileRule{"server", RulePart::version, "server.version", "QuestDB server ingress timestamp column cursor",
                "questdb/questdb core/.../cutlass/qwp/protocol/QwpTimestampColumnCursor.java (newest public, spec §0 QDB)"},
    ProfileRule{"server", RulePart::normalisation, "server.few_values",
                "enc_flag 0x01 with n < 3 is read: n = 0 reads nothing, 1 reads t0, 2 reads t0 and t1",
                "questdb/questdb QwpTimestampColumnCursor.java (spec §3.1, §4 D2)"},
    ProfileRule{"server", RulePart::normalisation, "server.null_flag", "any non-zero null flag means a bitmap follows",
                "questdb/questdb QwpTimestampColumnCursor.java; questdb/documentation qwp-ingress-websocket.md @1e9dab63"},
    // ---- rust
    ProfileRule{"rust", RulePart::version, "rust.version", "Rust client egress decoder",
                "questdb/c-questdb-client questdb-rs/src/egress/decoder.rs @9bbb00a1"},
    ProfileRule{"rust", RulePart::normalisation, "rust.few_values", "enc_flag 0x01 with n < 3 reads min(n, 2) seeds",
                "questdb/c-questdb-client decoder.rs decode_gorilla_temporal @9bbb00a1"},
    ProfileRule{"rust", RulePart::normalisation, "rust.null_flag",
                "a null flag other than 0 or 1 is invalid_null_flag (\"unknown null_flag\")",
                "questdb/c-questdb-client decoder.rs decode_validity @9bbb00a1"},
    // ---- typescript
    ProfileRule{"typescript", RulePart::version, "typescript.version", "Node.js/TypeScript client result-batch decoder",
                "questdb/nodejs-questdb-client packages/client-core/src/_qwp/_core/result-batch.ts (QWP revisions, spec §0 TS)"},
    ProfileRule{"typescript", RulePart::normalisation, "typescript.few_values",
                "enc_flag 0x01 with fewer than 3 values is gorilla_too_few_values", "questdb/nodejs-questdb-client result-batch.ts (spec §4 D2)"},
    ProfileRule{"typescript", RulePart::normalisation, "typescript.null_flag",
                "a null flag other than 0 or 1 is invalid_null_flag", "questdb/nodejs-questdb-client result-batch.ts (spec §4 D3)"},
    ProfileRule{"typescript", RulePart::normalisation, "typescript.row_cap",
                "a frame row count above 1,048,576 (MAX_ROWS_PER_BATCH) is row_count_out_of_range, before any column "
                "is read; exactly 1,048,576 is read",
                "questdb/nodejs-questdb-client src/qwp/core/result-batch.ts readCount(reader, MAX_ROWS_PER_BATCH, "
                "\"result row count\"), which refuses a value > the maximum @1267de2f"},
    ProfileRule{"typescript", RulePart::domain, "typescript.trailing_bytes",
                "not modelled (a frame-level check): bytes after the last column of a RESULT_BATCH are refused",
                "questdb/nodejs-questdb-client result-batch.ts expectEnd (spec §3.2)"},
    // ---- dotnet
    ProfileRule{"dotnet", RulePart::version, "dotnet.version", ".NET client egress decoder (main)",
                "questdb/net-questdb-client src/net-questdb-client/Qwp/Query/QwpResultBatchDecoder.cs @e2e4a47c"},
    ProfileRule{"dotnet", RulePart::normalisation, "dotnet.few_values",
                "enc_flag 0x01 with n = 0 or 1 is gorilla_too_few_values; n = 2 reads both seeds",
                "questdb/net-questdb-client QwpResultBatchDecoder.cs DecodeTimestampColumn, QwpGorilla.cs @e2e4a47c"},
    ProfileRule{"dotnet", RulePart::normalisation, "dotnet.null_flag", "any non-zero null flag means a bitmap follows",
                "questdb/net-questdb-client QwpResultBatchDecoder.cs DecodeColumnData @e2e4a47c"},
    // ---- go
    ProfileRule{"go", RulePart::version, "go.version", "Go client query decoder",
                "questdb/go-questdb-client qwp_query_decoder.go, qwp_gorilla_decoder.go, qwp_constants.go @afc74c3"},
    ProfileRule{"go", RulePart::normalisation, "go.few_values",
                "enc_flag 0x01 with fewer than 3 values is gorilla_too_few_values",
                "questdb/go-questdb-client qwp_query_decoder.go parseTimestamp @afc74c3"},
    ProfileRule{"go", RulePart::normalisation, "go.null_flag", "any non-zero null flag means a bitmap follows",
                "questdb/go-questdb-client qwp_query_decoder.go parseNullSection @afc74c3"},
    ProfileRule{"go", RulePart::normalisation, "go.row_cap",
                "a frame row count above 1,048,576 (qwpMaxRowsPerBatch) is row_count_out_of_range, before any column "
                "is read; exactly 1,048,576 is read",
                "questdb/go-questdb-client qwp_query_decoder.go decode, qwp_constants.go @afc74c3"},
    // ---- encoder profiles (operation encode)
    ProfileRule{"canonical", RulePart::version, "canonical.encoder_version",
                "the spec's encoder: the null flag the column says, wrapped delta-of-deltas tested against int32",
                "docs/spec/qwp-gorilla.md §1.6, §2.4, §2.8"},
    ProfileRule{"go", RulePart::version, "go.encoder_version", "Go client column encoder",
                "questdb/go-questdb-client qwp_encoder.go encodeTimestampColumn, qwp_gorilla.go qwpGorillaEncodedSize "
                "@afc74c3"},
    ProfileRule{"go", RulePart::domain, "go.encoder_null_flag",
                "the null flag is 0x00 unless a row is null: a column with a bitmap that marks no row null is outside "
                "the domain (vector bitmap_present_no_nulls is not sent)",
                "questdb/go-questdb-client qwp_encoder.go encodeNullBitmapFlag (col.nullCount == 0) @afc74c3"},
    ProfileRule{"typescript", RulePart::version, "typescript.encoder_version", "Node.js/TypeScript client column writer",
                "questdb/nodejs-questdb-client src/qwp/protocol/columnWriter.ts writeColumn @0250872a, "
                "src/qwp/protocol/gorilla.ts @ac487604"},
    ProfileRule{"typescript", RulePart::domain, "typescript.encoder_null_flag",
                "the null flag is 0 unless a row is null (nullCountOf(col) > 0): a column with a bitmap that marks no "
                "row null is outside the domain",
                "questdb/nodejs-questdb-client src/qwp/protocol/columnWriter.ts writeColumn @0250872a"},
    ProfileRule{"typescript", RulePart::normalisation, "typescript.encoder_exact_arithmetic",
                "deltas and delta-of-deltas are BigInt: where the wrapped delta-of-deltas fit int32 but an exact one "
                "does not, the column is written raw (enc_flag 0x00), where the canonical encoder writes Gorilla",
                "questdb/nodejs-questdb-client src/qwp/protocol/gorilla.ts gorillaSize (returns -1) @ac487604, "
                "columnWriter.ts (size > 0 ? Gorilla : raw) @0250872a (spec §4 D4)"},
};

}  // namespace tsc::qwp

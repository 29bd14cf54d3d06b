#pragma once

// The accuracy corpora's reader (core/io/corpus_io, resources/corpus/*.json): apart from
// fuzzbodies.h because it links core_accuracy (the corpora compiled in), which the other
// targets do not. Contributors add rows by hand (docs/corpus/README.md) and the build reads
// them (shardscope_heldoutgen): a malformed row must be a message, never a crash.
// Replayed by tst_fuzzcorpus like the others.

#include "core/io/corpus_io.h"
#include "fuzzbodies.h"

namespace fuzz {

/// Corpus file: read (the scenario reader checks each row's keys), every issue described, and
/// every usable row's scenario estimated, as the held-out report does with it.
inline int corpus(const std::uint8_t* data, std::size_t size)
{
    const core::CorpusLoad load = core::loadCorpus(std::string_view(reinterpret_cast<const char*>(data), size));
    for (const core::Issue& i : load.issues)
        check(!core::describe(i).empty(), "a corpus issue has no text");
    if (!load.ok)
        return 0;
    for (const core::CorpusRow& row : load.corpus.rows) {
        if (!row.usable)
            continue;
        const core::Estimate e = core::estimate(row.scenario);
        for (const core::Issue& i : e.issues)
            check(!core::describe(i).empty(), "an estimate issue has no text");
    }
    return 0;
}

} // namespace fuzz

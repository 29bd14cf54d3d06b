#include "core/accuracy/builtin.h"

#include "core/io/corpus_io.h"

namespace core {

CorpusReport builtInReport(CorpusKind kind) { return makeReport(builtInCorpus(kind), builtInHeldOut(kind)); }

const BandTable& builtInBands()
{
    static const BandTable table = [] {
        BandTable t;
        for (std::size_t k = 0; k < kCorpusKindCount; ++k) {
            const CorpusReport r = builtInReport(CorpusKind(k));
            t.add(*r.corpus, r.results);
        }
        t.finish();
        return t;
    }();
    return table;
}

} // namespace core

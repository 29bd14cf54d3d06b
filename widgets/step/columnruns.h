#pragma once

#include <cstddef>
#include <vector>

/// The step views draw a timeline column by column: each device-pixel column shows one phase
/// (or serving moment), null where nothing is drawn. Calls `run(item, first, end)` for each
/// maximal run [first, end) of columns showing the same non-null item, left to right.
template <class T, class F>
void forEachColumnRun(const std::vector<const T*>& columns, F&& run)
{
    const int cols = int(columns.size());
    for (int c = 0; c < cols;) {
        const T* item = columns[std::size_t(c)];
        int e = c + 1;
        while (e < cols && columns[std::size_t(e)] == item)
            ++e;
        if (item)
            run(*item, c, e);
        c = e;
    }
}

package org.reusedetector.discover;

import java.util.function.Consumer;
import org.reusedetector.page.Sha1;

/**
 * Reads a page a second time, once discovery has labelled: which families its eligible hashes belong to (one
 * {@link FamilyPage} each) and whether it holds any labelled content at all ({@link HostPages}). Holds scratch
 * space: one per thread.
 */
final class PageFamilies {

    private final FamilyIndex index;
    // per family met on the current page, in the order met: number, content chunks, stop chunks, file
    private int[] met = new int[16 * 4];

    PageFamilies(FamilyIndex index) {
        this.index = index;
    }

    /** A counted page's families to {@code out}; returns the page as a {@link HostPages} of one page. */
    HostPages of(PageHashes page, Consumer<FamilyPage> out) {
        byte[] hashes = page.hashes();
        int families = 0;
        boolean labelled = false;
        int first = 0;
        if (page.file()) {
            int found = index.find(hashes, 0);
            if (found >= 0 && (found & 1) == FamilyIndex.CONTENT) {
                families = meet(families, found >>> 1);
                met[(families - 1) * 4 + 3] = 1; // the first hash looked at: its family has the first slot
                labelled = true;
            }
            first = Sha1.LENGTH;
        }
        for (int at = first; at < hashes.length; at += Sha1.LENGTH) {
            int found = index.find(hashes, at);
            if (found < 0) {
                continue;
            }
            int slot = slot(families, found >>> 1);
            if (slot < 0) {
                families = meet(families, found >>> 1);
                slot = families - 1;
            }
            if ((found & 1) == FamilyIndex.CONTENT) {
                met[slot * 4 + 1]++;
                labelled = true;
            } else {
                met[slot * 4 + 2]++;
            }
        }
        for (int f = 0; f < families; f++) {
            int chunks = met[f * 4 + 1];
            int file = met[f * 4 + 3];
            boolean content = chunks > 0 || file > 0;
            out.accept(new FamilyPage(
                    index.family(met[f * 4]),
                    page.host(),
                    1,
                    content ? 1 : 0,
                    chunks,
                    file,
                    page.eventTime(),
                    page.url()));
        }
        int chunks = page.chunks();
        boolean text = chunks > 0;
        return new HostPages(page.host(), 1, text ? 1 : 0, text && !labelled ? 1 : 0, chunks);
    }

    /** The slot of a family met on this page, or -1 (a page meets few families: a scan beats a map). */
    private int slot(int families, int number) {
        for (int f = 0; f < families; f++) {
            if (met[f * 4] == number) {
                return f;
            }
        }
        return -1;
    }

    private int meet(int families, int number) {
        if ((families + 1) * 4 > met.length) {
            met = java.util.Arrays.copyOf(met, met.length * 2);
        }
        int at = families * 4;
        met[at] = number;
        met[at + 1] = 0;
        met[at + 2] = 0;
        met[at + 3] = 0;
        return families + 1;
    }
}

package org.reusedetector.score;

import java.util.ArrayList;
import java.util.List;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageScore;
import org.reusedetector.page.StopChunks;

/**
 * Scores a hashed page against the labelled set: stop chunks (short, on the stop list, or labelled
 * {@code stop}) are removed, then {@code contains(L, f)} is the share of the remaining chunks that are
 * labelled; a labelled file hash is a whole-file match.
 */
public final class PageScorer {

    private final StopChunks stopChunks;
    private final int maxEvidence;

    public PageScorer(StopChunks stopChunks, int maxEvidence) {
        this.stopChunks = stopChunks;
        this.maxEvidence = maxEvidence;
    }

    public PageScore score(HashedPage page, LabelIndex labels) {
        List<Evidence> evidence = new ArrayList<>(maxEvidence);
        long fileLookup = labels.lookup(page.fileHash(), 0);
        boolean fileMatch = (LabelIndex.kindOf(fileLookup) & LabelIndex.FILE_MATCH) != 0;
        if (fileMatch && maxEvidence > 0) {
            evidence.add(labels.evidence(page.fileHash(), 0, fileLookup, Label.KIND_FILE));
        }
        byte[] hashes = page.chunkHashes();
        int[] lengths = page.chunkLengths();
        int chunks = 0;
        int matched = 0;
        for (int i = 0; i < lengths.length; i++) {
            if (stopChunks.isStop(lengths[i], hashes, i)) {
                continue;
            }
            long lookup = labels.lookup(hashes, i * 20);
            byte kind = LabelIndex.kindOf(lookup);
            if ((kind & LabelIndex.KIND_STOP) != 0) {
                continue;
            }
            chunks++;
            if ((kind & LabelIndex.CHUNK_MATCH) != 0) {
                matched++;
                if (evidence.size() < maxEvidence) {
                    evidence.add(labels.evidence(hashes, i * 20, lookup, Label.KIND_CHUNK));
                }
            }
        }
        double badness = Containment.of(matched, chunks, fileMatch);
        return new PageScore(page.url(), page.eventTime(), chunks, matched, badness, fileMatch, evidence.toArray(new Evidence[0]));
    }
}

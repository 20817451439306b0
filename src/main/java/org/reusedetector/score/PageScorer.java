package org.reusedetector.score;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.page.Sha1;
import org.reusedetector.page.StopChunks;
import org.reusedetector.url.Sites;

/**
 * Scores a hashed page against the labelled set: stop chunks (short, on the stop list, or labelled
 * {@code stop}) are removed, then {@code contains(L, f)} is the share of the remaining chunks that are
 * labelled; a labelled file hash is a whole-file match.
 *
 * <p>An expert label knows where its content comes from (its example URL). On a page of that same site
 * (registrable domain: {@link Sites}) the content is its publisher's own, not a copy, so the chunk counts as
 * ordinary content there. Blind discovery's labels match everywhere (content cannot tell an original from its
 * copies); where discovery's side judgement named a family's source ({@link Label#familySource}), the family's
 * chunks count toward its coverage on every other site only, as an expert label's do.
 */
public final class PageScorer {

    private static final int ORIGIN_CACHE_LIMIT = 10_000;

    private final StopChunks stopChunks;
    private final int maxEvidence;
    private final int maxSources;
    /** The site of each label origin id seen (ids are stable: the dictionary only grows). */
    private final Map<Integer, String> originSites = new HashMap<>();
    /** The coverage source of each label origin id seen. */
    private final Map<Integer, String> originSources = new HashMap<>();

    private String siteOfUrl;
    private String pageSite;

    public PageScorer(StopChunks stopChunks, int maxEvidence) {
        this(stopChunks, maxEvidence, 0);
    }

    /**
     * @param maxSources per page, the most sources whose labelled chunks are tallied for source coverage (0: none)
     */
    public PageScorer(StopChunks stopChunks, int maxEvidence, int maxSources) {
        this.stopChunks = stopChunks;
        this.maxEvidence = maxEvidence;
        this.maxSources = maxSources;
    }

    public PageScore score(HashedPage page, LabelIndex labels) {
        List<Evidence> evidence = new ArrayList<>(maxEvidence);
        long fileLookup = labels.lookup(page.fileHash(), 0);
        boolean fileMatch = (LabelIndex.kindOf(fileLookup) & LabelIndex.KIND_DISCOVERED_FILE) != 0
                || (LabelIndex.kindOf(fileLookup) & LabelIndex.KIND_FILE) != 0
                        && foreign(fileLookup, page.url(), labels);
        if (fileMatch && maxEvidence > 0) {
            evidence.add(labels.evidence(page.fileHash(), 0, fileLookup, Label.KIND_FILE));
        }
        byte[] hashes = page.chunkHashes();
        int[] lengths = page.chunkLengths();
        int chunks = 0;
        int matched = 0;
        SourceCoverage.PageTally tally = null;
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
            if ((kind & LabelIndex.KIND_DISCOVERED_CHUNK) != 0
                    || (kind & LabelIndex.KIND_CHUNK) != 0 && foreign(lookup, page.url(), labels)) {
                matched++;
                if (evidence.size() < maxEvidence) {
                    evidence.add(labels.evidence(hashes, i * 20, lookup, Label.KIND_CHUNK));
                }
                // a chunk counts toward its source's coverage only on another site than the source's: on the
                // source's own pages it is what the source published (an expert label does not match there at all;
                // a discovered label whose family's source is known still matches, as content cannot tell, but
                // the source does not copy itself)
                if (maxSources > 0 && foreign(lookup, page.url(), labels)) {
                    tally = tally(tally, lookup, labels, hashes, i * 20);
                }
            }
        }
        double badness = Containment.of(matched, chunks, fileMatch);
        return new PageScore(
                page.url(),
                page.eventTime(),
                chunks,
                matched,
                badness,
                fileMatch,
                evidence.toArray(new Evidence[0]),
                tally == null ? SourceChunks.NONE : tally.build(maxSources));
    }

    /** Notes a matched chunk under the source its label counts for (none: the label's origin names no source). */
    private SourceCoverage.PageTally tally(
            SourceCoverage.PageTally tally, long lookup, LabelIndex labels, byte[] hashes, int offset) {
        int origin = LabelIndex.originOf(lookup);
        String source = originSources.get(origin);
        if (source == null) {
            source = labels.sourceOf(origin);
            if (originSources.size() >= ORIGIN_CACHE_LIMIT) {
                originSources.clear();
            }
            originSources.put(origin, source);
        }
        if (source.isEmpty()) {
            return tally;
        }
        if (tally == null) {
            tally = new SourceCoverage.PageTally();
        }
        if (tally.add(source, chunkId(hashes, offset))) {
            tally.describe(source, labels.sourceChunks(source), labels.exampleOf(origin));
        }
        return tally;
    }

    /** A chunk's identity in coverage tallies: the first 8 bytes of its SHA-1. */
    public static long chunkId(byte[] hashes, int offset) {
        long id = 0;
        for (int b = 0; b < 8; b++) {
            id = id << 8 | (hashes[offset + b] & 0xff);
        }
        return id;
    }

    /** Whether a label's origin (an expert's example page, a copy family's source) is another site than the page's (or unknown). */
    private boolean foreign(long lookup, String url, LabelIndex labels) {
        if (!url.equals(siteOfUrl)) { // the page's site, worked out only when an expert label matches
            siteOfUrl = url;
            pageSite = Sites.ofUrl(url);
        }
        if (pageSite == null) {
            return true;
        }
        int origin = LabelIndex.originOf(lookup);
        String originSite = originSites.get(origin);
        if (originSite == null) {
            originSite = labels.originSite(origin);
            if (originSites.size() >= ORIGIN_CACHE_LIMIT) {
                originSites.clear();
            }
            originSites.put(origin, originSite);
        }
        return !pageSite.equals(originSite);
    }

    /**
     * A near copy counts as a target in page and neighbourhood badness: its matched chunks are raised to
     * ⌈resemblance · chunks⌉, so its badness is max(chunk containment, resemblance) and its neighbourhood counts
     * that many of its chunks as labelled. One evidence entry (kind {@code shingle}, hash = SHA-1 of the matched page's
     * URL) names the matched page. Pages that are no near copy keep the exact-hash score.
     */
    public static PageScore withNearCopy(PageScore score, CopyMark mark) {
        return mark == null ? score : withNearCopy(score, mark.resemblance(), mark.labelledUrl());
    }

    /** {@link #withNearCopy(PageScore, CopyMark)} of a mark's parts. */
    public static PageScore withNearCopy(PageScore score, double resemblance, String labelledUrl) {
        if (labelledUrl == null || resemblance <= 0) {
            return score;
        }
        int matched = Math.max(
                score.matchedChunks(), (int) Math.min(score.chunks(), Math.ceil(resemblance * score.chunks())));
        double badness = Math.max(score.badness(), resemblance);
        Evidence[] evidence = Arrays.copyOf(score.evidence(), score.evidence().length + 1);
        System.arraycopy(evidence, 0, evidence, 1, evidence.length - 1);
        evidence[0] = new Evidence(Sha1.hex(Sha1.of(labelledUrl)), Label.KIND_SHINGLE, null, labelledUrl);
        return new PageScore(
                score.url(),
                score.eventTime(),
                score.chunks(),
                matched,
                badness,
                score.fileMatch(),
                evidence,
                score.sources());
    }
}

package org.reusedetector.model;

import java.time.Instant;

/**
 * An alert for consumers of the alert topic. Fields that do not apply to the alert type are {@code null}.
 *
 * @param type {@code page} (partial target), {@code file} (whole-file match), {@code phish} (a partial target under the
 *     phishing profile), {@code neighborhood}, {@code cleared} (a neighbourhood alerted earlier is no longer bad), or
 *     {@code near-duplicate} (an I-Match signature matched an {@code imatch} label), or {@code near-copy} (the page's
 *     min-hash sketch resembles a {@code shingle} label's), or {@code quilt} (most of the page's sampled k-grams are
 *     patch grams of recent pages on other sites: Najork 2012)
 * @param url page URL (page and file alerts)
 * @param prefix neighbourhood URL prefix (neighbourhood alerts)
 * @param badness page containment, or mean containment of the neighbourhood
 * @param threshold the threshold that was crossed
 * @param pages pages in the neighbourhood
 * @param chunks scored chunks of the page
 * @param matchedChunks labelled chunks of the page
 * @param eventTime event time (fetch time) of the page that raised the alert, ISO-8601
 * @param detectedAt wall-clock time of detection, ISO-8601
 * @param evidence a few matched labels
 * @param brand phish alerts: the site (registrable domain) whose labelled content the page copies, else {@code null}
 * @param lexicon near-duplicate alerts: the I-Match lexicon whose signature matched ({@code <lexicon id>#<number>},
 *     0 = the original lexicon, 1..K the randomized ones), else {@code null}
 * @param resemblance near-copy alerts: the estimated resemblance (share of agreeing min-hash shingles), else {@code null}
 * @param matchedUrl near-copy alerts: the labelled page the page nearly copies, else {@code null}
 * @param copies neighbourhood alerts: the sources the neighbourhood copies, with how much of each it holds, largest
 *     first ({@code score.SourceCoverage}); else {@code null}
 */
public record Alert(
        String type,
        String url,
        String prefix,
        double badness,
        double threshold,
        Long pages,
        Integer chunks,
        Integer matchedChunks,
        String eventTime,
        String detectedAt,
        Evidence[] evidence,
        String brand,
        String lexicon,
        Double resemblance,
        String matchedUrl,
        Copy[] copies) {

    public static final String TYPE_PAGE = "page";
    public static final String TYPE_FILE = "file";
    public static final String TYPE_NEIGHBORHOOD = "neighborhood";
    public static final String TYPE_PHISH = "phish";
    public static final String TYPE_CLEARED = "cleared";
    public static final String TYPE_NEAR_DUPLICATE = "near-duplicate";
    public static final String TYPE_NEAR_COPY = "near-copy";
    public static final String TYPE_QUILT = "quilt";

    /** Without copies (every alert type but {@code neighborhood}). */
    public Alert(
            String type,
            String url,
            String prefix,
            double badness,
            double threshold,
            Long pages,
            Integer chunks,
            Integer matchedChunks,
            String eventTime,
            String detectedAt,
            Evidence[] evidence,
            String brand,
            String lexicon,
            Double resemblance,
            String matchedUrl) {
        this(
                type,
                url,
                prefix,
                badness,
                threshold,
                pages,
                chunks,
                matchedChunks,
                eventTime,
                detectedAt,
                evidence,
                brand,
                lexicon,
                resemblance,
                matchedUrl,
                null);
    }

    /** Without a brand (every alert type but {@code phish}). */
    public Alert(
            String type,
            String url,
            String prefix,
            double badness,
            double threshold,
            Long pages,
            Integer chunks,
            Integer matchedChunks,
            String eventTime,
            String detectedAt,
            Evidence[] evidence) {
        this(
                type,
                url,
                prefix,
                badness,
                threshold,
                pages,
                chunks,
                matchedChunks,
                eventTime,
                detectedAt,
                evidence,
                null,
                null,
                null,
                null);
    }

    /** Without a lexicon (every alert type but {@code near-duplicate}). */
    public Alert(
            String type,
            String url,
            String prefix,
            double badness,
            double threshold,
            Long pages,
            Integer chunks,
            Integer matchedChunks,
            String eventTime,
            String detectedAt,
            Evidence[] evidence,
            String brand) {
        this(
                type,
                url,
                prefix,
                badness,
                threshold,
                pages,
                chunks,
                matchedChunks,
                eventTime,
                detectedAt,
                evidence,
                brand,
                null,
                null,
                null);
    }

    /**
     * A page whose I-Match signature under {@code lexicon} equals a labelled one: a near duplicate of the label's example
     * page (in {@code evidence}). Badness and threshold are 1: the signature matched as a whole.
     */
    public static Alert nearDuplicate(String url, long eventTimeMillis, String lexicon, Evidence evidence) {
        return new Alert(
                TYPE_NEAR_DUPLICATE,
                url,
                null,
                1.0,
                1.0,
                null,
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                new Evidence[] {evidence},
                null,
                lexicon,
                null,
                null);
    }

    /**
     * A page whose min-hash sketch resembles a labelled page's (in {@code matchedUrl} and {@code evidence}) at least
     * the near-copy threshold. Badness is the resemblance.
     */
    public static Alert nearCopy(
            String url, long eventTimeMillis, double resemblance, double threshold, Evidence evidence) {
        return new Alert(
                TYPE_NEAR_COPY,
                url,
                null,
                resemblance,
                threshold,
                null,
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                new Evidence[] {evidence},
                null,
                null,
                resemblance,
                evidence.exampleUrl());
    }

    /**
     * A quilted page: {@code badness} is the share of its sampled grams that are patch grams, {@code threshold} θ,
     * {@code pages} the size of the cover, and the evidence names the covering pages in cover order (kind {@code quilt},
     * hash = SHA-1 of the URL).
     */
    public static Alert quilt(
            String url, long eventTimeMillis, double patchFraction, double theta, java.util.List<String> sources) {
        Evidence[] evidence = sources.stream()
                .map(s -> new Evidence(org.apache.commons.codec.digest.DigestUtils.sha1Hex(s), TYPE_QUILT, null, s))
                .toArray(Evidence[]::new);
        return new Alert(
                TYPE_QUILT,
                url,
                null,
                patchFraction,
                theta,
                (long) sources.size(),
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                evidence);
    }

    /** The alert of a page that is a target: {@code file} for a whole-file match (threshold 1), else {@code page}. */
    public static Alert page(PageScore score, double pageThreshold) {
        return new Alert(
                score.fileMatch() ? TYPE_FILE : TYPE_PAGE,
                score.url(),
                null,
                score.badness(),
                score.fileMatch() ? 1.0 : pageThreshold,
                null,
                score.chunks(),
                score.matchedChunks(),
                Instant.ofEpochMilli(score.eventTime()).toString(),
                Instant.now().toString(),
                score.evidence());
    }

    /**
     * The alert of a page under the phishing profile: {@code phish}, naming the brand (see {@code score.PageRule#brandOf}).
     * A whole-file match is a phish too.
     */
    public static Alert phish(PageScore score, double pageThreshold, String brand) {
        return new Alert(
                TYPE_PHISH,
                score.url(),
                null,
                score.badness(),
                score.fileMatch() ? 1.0 : pageThreshold,
                null,
                score.chunks(),
                score.matchedChunks(),
                Instant.ofEpochMilli(score.eventTime()).toString(),
                Instant.now().toString(),
                score.evidence(),
                brand);
    }

    /** A neighbourhood alerted earlier has fallen back below the threshold (or been emptied): its alert no longer stands. */
    public static Alert cleared(String prefix, double badness, double threshold, long pages, long eventTimeMillis) {
        return new Alert(
                TYPE_CLEARED,
                null,
                prefix,
                badness,
                threshold,
                pages,
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                new Evidence[0]);
    }

    /** The alert of a bad neighbourhood, raised by the page (fetched at {@code eventTimeMillis}) that made it bad. */
    public static Alert neighbourhood(
            String prefix, double badness, double threshold, long pages, long eventTimeMillis, Evidence[] evidence) {
        return neighbourhood(prefix, badness, threshold, pages, eventTimeMillis, evidence, Copy.NONE);
    }

    /**
     * The alert of a bad neighbourhood, with the sources it copies: by its badness above the threshold, or by covering
     * enough of one source (then its badness may be under the threshold).
     */
    public static Alert neighbourhood(
            String prefix,
            double badness,
            double threshold,
            long pages,
            long eventTimeMillis,
            Evidence[] evidence,
            Copy[] copies) {
        return new Alert(
                TYPE_NEIGHBORHOOD,
                null,
                prefix,
                badness,
                threshold,
                pages,
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                evidence,
                null,
                null,
                null,
                null,
                copies == null ? Copy.NONE : copies);
    }
}

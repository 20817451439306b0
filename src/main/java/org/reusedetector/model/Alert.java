package org.reusedetector.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * An alert for consumers of the alert topic. Fields that do not apply to the alert type are {@code null}.
 *
 * <p>Build alerts with the factory of their type ({@link #page}, {@link #file}, {@link #phish}, {@link #neighborhood},
 * {@link #cleared}, {@link #nearDuplicate}, {@link #nearCopy}, {@link #quilt}), which fill the fields that type has.
 *
 * @param type what the alert says ({@link AlertType})
 * @param url page URL (page and file alerts)
 * @param prefix neighbourhood URL prefix (neighbourhood alerts)
 * @param badness page containment, or mean containment of the neighbourhood
 * @param threshold the threshold that was crossed; {@code null} when it is not known yet (a neighbourhood made bad by
 *     source coverage before the stream's threshold statistic is ready)
 * @param pages pages in the neighbourhood
 * @param chunks scored chunks of the page
 * @param matchedChunks labelled chunks of the page
 * @param eventTime event time (fetch time) of the page that raised the alert, ISO-8601
 * @param detectedAt wall-clock time of detection, ISO-8601
 * @param evidence a few matched labels
 * @param brand phish alerts: the site (registrable domain) whose labelled content the page copies, else {@code null}
 * @param lexicon near-duplicate alerts: the I-Match lexicon whose signature matched ({@code <lexicon id>#<number>},
 *     0 = the original lexicon, 1..K the randomized ones), else {@code null}
 * @param resemblance near-copy alerts: the share of the labelled page's distinctive phrases found on the page;
 *     near-duplicate alerts: the share of agreeing I-Match signatures; else {@code null}
 * @param matchedUrl near-copy alerts: the labelled page the page nearly copies, else {@code null}
 * @param copies neighbourhood alerts: the sources the neighbourhood copies, with how much of each it holds, largest
 *     first ({@code score.SourceCoverage}); else {@code null}
 * @param badnessLow neighbourhood alerts: the lower confidence bound of the neighbourhood's badness at
 *     {@code neighborhood.confidence} ({@code score.NeighbourhoodConfidence}); else {@code null}
 * @param badnessHigh neighbourhood alerts: the upper confidence bound of its badness (the alert is withdrawn by a
 *     {@code cleared} only once this is below the threshold); else {@code null}
 */
public record Alert(
        AlertType type,
        String url,
        String prefix,
        double badness,
        Double threshold,
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
        Copy[] copies,
        Double badnessLow,
        Double badnessHigh) {

    /** A number for JSON: {@code null} (left out) when it is not a finite number, as a threshold not known yet. */
    static Double known(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /**
     * A page whose I-Match signature under {@code lexicon} equals a labelled one: a near duplicate of the label's example
     * page (in {@code evidence}). Badness and threshold are 1: the signature matched as a whole.
     */
    public static Alert nearDuplicate(String url, long eventTimeMillis, String lexicon, Evidence evidence) {
        return new Alert(
                AlertType.NEAR_DUPLICATE,
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
                null,
                null,
                null,
                null);
    }

    /**
     * A page that holds at least the near-copy threshold's share of a labelled page's distinctive phrases (the page in
     * {@code matchedUrl} and {@code evidence}). Badness is that share.
     */
    public static Alert nearCopy(
            String url, long eventTimeMillis, double resemblance, double threshold, Evidence evidence) {
        return new Alert(
                AlertType.NEAR_COPY,
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
                evidence.exampleUrl(),
                null,
                null,
                null);
    }

    /**
     * A quilted page (the batch {@code quilts}): {@code badness} is the share of its grams that its counted sources
     * cover, {@code threshold} θ, {@code pages} the number of those sources, and the evidence names them in cover order
     * (kind {@code quilt}, hash = SHA-1 of the source's URL).
     */
    public static Alert quilt(
            String url, long eventTimeMillis, double coveredFraction, double theta, List<String> sources) {
        Evidence[] evidence = sources.stream()
                .map(s -> new Evidence(sha1Hex(s), AlertType.QUILT.wireName(), null, s))
                .toArray(Evidence[]::new);
        return new Alert(
                AlertType.QUILT,
                url,
                null,
                coveredFraction,
                theta,
                (long) sources.size(),
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                evidence,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private static String sha1Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every Java platform", e);
        }
    }

    /** A page whose labelled share reached {@code pageThreshold} (a partial target). */
    public static Alert page(PageScore score, double pageThreshold) {
        return target(AlertType.PAGE, score, pageThreshold, null);
    }

    /** A page that is a labelled file as a whole: badness and threshold 1. */
    public static Alert file(PageScore score) {
        return target(AlertType.FILE, score, 1.0, null);
    }

    /**
     * The alert of a page under the phishing profile: {@code phish}, naming the brand (see {@code score.PageRule#brandOf}).
     * A whole-file match is a phish too (threshold 1).
     */
    public static Alert phish(PageScore score, double pageThreshold, String brand) {
        return target(AlertType.PHISH, score, score.fileMatch() ? 1.0 : pageThreshold, brand);
    }

    private static Alert target(AlertType type, PageScore score, double threshold, String brand) {
        return new Alert(
                type,
                score.url(),
                null,
                score.badness(),
                threshold,
                null,
                score.chunks(),
                score.matchedChunks(),
                Instant.ofEpochMilli(score.eventTime()).toString(),
                Instant.now().toString(),
                score.evidence(),
                brand,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * A page alerted earlier whose re-score after a label change (keyed label mode) no longer alerts: its alert no
     * longer stands. It names the page and its fetch time, as the alert did, with the new score.
     */
    public static Alert pageCleared(PageScore score, double pageThreshold) {
        return target(AlertType.CLEARED, score, pageThreshold, null);
    }

    /** A neighbourhood alerted earlier has fallen back below the threshold (or been emptied): its alert no longer stands. */
    public static Alert cleared(String prefix, double badness, double threshold, long pages, long eventTimeMillis) {
        return new Alert(
                AlertType.CLEARED,
                null,
                prefix,
                badness,
                known(threshold),
                pages,
                null,
                null,
                Instant.ofEpochMilli(eventTimeMillis).toString(),
                Instant.now().toString(),
                new Evidence[0],
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * The alert of a bad neighbourhood, raised by the page (fetched at {@code eventTimeMillis}) that made it bad, with
     * the sources it copies: bad by its badness above the threshold, or by covering enough of one source (then its
     * badness may be under the threshold, and the threshold may not be known yet: {@code NaN}, left out). {@code lower}
     * and {@code upper} bound its badness at the configured confidence.
     */
    public static Alert neighborhood(
            String prefix,
            double badness,
            double threshold,
            long pages,
            long eventTimeMillis,
            Evidence[] evidence,
            Copy[] copies,
            double lower,
            double upper) {
        return new Alert(
                AlertType.NEIGHBORHOOD,
                null,
                prefix,
                badness,
                known(threshold),
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
                copies == null ? Copy.NONE : copies,
                known(lower),
                known(upper));
    }
}

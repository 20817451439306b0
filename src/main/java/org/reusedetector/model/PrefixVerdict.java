package org.reusedetector.model;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * A neighbourhood's current verdict, as the {@code verdicts} table holds it: the record under its URL prefix on the
 * compacted verdicts topic (where a cleared or expired neighbourhood leaves a tombstone, no record), and a line of
 * {@code detect}'s {@code verdicts.jsonl}. Only bad neighbourhoods have one: a prefix without a verdict is not bad.
 *
 * @param prefix the neighbourhood's URL prefix (also the Kafka key)
 * @param bad always {@code true}: a neighbourhood that is not bad has no record
 * @param badness mean containment of its pages when it turned bad
 * @param badnessLow lower confidence bound of its badness; {@code null} when not known
 * @param badnessHigh upper confidence bound of its badness; {@code null} when not known
 * @param threshold the threshold it was judged against; {@code null} when not known yet (bad by source coverage before
 *     the threshold statistic settled)
 * @param pages pages in the neighbourhood when it turned bad
 * @param copies the sources it copies, with how much of each it holds, largest first
 * @param since event time (fetch time, ISO-8601) of the page that made it bad
 */
public record PrefixVerdict(
        String prefix,
        boolean bad,
        double badness,
        Double badnessLow,
        Double badnessHigh,
        Double threshold,
        Long pages,
        Copy[] copies,
        String since) {

    /**
     * The verdict a neighbourhood alert stands for: a {@code neighborhood} alert's verdict, or {@code null} (a
     * tombstone) for a {@code cleared} one.
     *
     * @throws IllegalArgumentException for an alert of another type: it says nothing about a neighbourhood's verdict
     */
    public static PrefixVerdict of(Alert alert) {
        return switch (alert.type()) {
            case NEIGHBORHOOD ->
                new PrefixVerdict(
                        alert.prefix(),
                        true,
                        alert.badness(),
                        alert.badnessLow(),
                        alert.badnessHigh(),
                        alert.threshold(),
                        alert.pages(),
                        alert.copies() == null ? Copy.NONE : alert.copies(),
                        alert.eventTime());
            case CLEARED -> null;
            default -> throw new IllegalArgumentException("no neighbourhood verdict in a " + alert.type() + " alert");
        };
    }

    /**
     * Whether an alert changes a neighbourhood's verdict: a {@code neighborhood} alert, or the {@code cleared} of a
     * neighbourhood (a page's {@code cleared}, in the keyed label mode, has a URL and no prefix).
     */
    public static boolean changesVerdict(Alert alert) {
        return alert.prefix() != null && (alert.type() == AlertType.NEIGHBORHOOD || alert.type() == AlertType.CLEARED);
    }

    /**
     * The table the alerts leave, as a compacted topic keeps it: each prefix's latest verdict, folded in the alerts'
     * order; a {@code cleared} removes its prefix. Other alerts are passed over.
     *
     * @return the verdicts of the bad neighbourhoods, by prefix
     */
    public static Map<String, PrefixVerdict> fold(Collection<Alert> alerts) {
        Map<String, PrefixVerdict> table = new TreeMap<>();
        for (Alert alert : alerts) {
            if (changesVerdict(alert)) {
                PrefixVerdict verdict = of(alert);
                if (verdict == null) {
                    table.remove(alert.prefix());
                } else {
                    table.put(alert.prefix(), verdict);
                }
            }
        }
        return table;
    }
}

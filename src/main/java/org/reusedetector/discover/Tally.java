package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * A hash's totals as discovery's counting hands them to the threshold and template rules ({@link RangeCounts}), or
 * a chunk's text from the raw pages on its way to them ({@code hosts == 0}, see {@link #ofSample}).
 *
 * @param kind chunk or file
 * @param hash hex SHA-1
 * @param count pages
 * @param hosts hosts (0 for a text alone)
 * @param sites distinct sites
 * @param hostSet an order-free fingerprint of the set of hosts ({@link HostSets}): hashes with equal fingerprints sit
 *     on the same hosts
 * @param topHostPages pages on the top host
 * @param exampleUrl the smallest URL seen
 * @param text chunk text, or {@code null}
 * @param exampleChunks the countable distinct chunks of the example page (0 for a text alone): the size of one page
 *     the hash sits on, from which its host set's group threshold is judged ({@link ThresholdRule#groupThreshold(long, long)})
 */
public record Tally(
        String kind,
        String hash,
        long count,
        long hosts,
        long sites,
        long hostSet,
        long topHostPages,
        String exampleUrl,
        String text,
        long exampleChunks) {

    public static Tally ofSample(ChunkSample sample) {
        return new Tally(Label.KIND_CHUNK, sample.hash(), 0, 0, 0, 0, 0, null, HashCount.clip(sample.text()), 0);
    }

    public String hashKey() {
        return kind + ':' + hash;
    }

    /** The totals of a hash with the text of its chunk: of two tallies of one hash, the counts of the counted one and either text. */
    public Tally withText(Tally o) {
        Tally counted = hosts > 0 ? this : o;
        return new Tally(
                kind,
                hash,
                counted.count,
                counted.hosts,
                counted.sites,
                counted.hostSet,
                counted.topHostPages,
                counted.exampleUrl,
                text != null ? text : o.text,
                counted.exampleChunks);
    }

    /** The count with its verdict; a published one names the family of its host set. */
    public HashCount toCount(Verdict verdict, long group) {
        return new HashCount(hash, kind, count, hosts, sites, topHostPages, 0, exampleUrl, text, Verdict.LABEL)
                .judged(verdict, group, hostSet);
    }
}

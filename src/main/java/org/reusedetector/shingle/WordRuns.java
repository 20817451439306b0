package org.reusedetector.shingle;

/**
 * Where a chunk's words are, cut once for two word cutters of one parse thread: the I-Match signer, whose char loop
 * classifies every char anyway as it folds it, publishes the runs of word chars it found, and the near-copy sketcher's
 * words ({@link PageSketcher}) take them instead of classifying the chunk's chars again. Both cut maximal runs of
 * letters and digits per code point ({@code WordSplitter}'s words), so the runs are the same either way. The signer
 * must see each chunk before the sketcher: it publishes only when it registered first ({@link #producer}), which the
 * order that the signals' page parts are made in decides, the order they are fed in. One per thread.
 */
public final class WordRuns {

    private boolean consumerRegistered;
    private boolean producerRegistered;
    private int[] edges;
    private int edgeCount;
    private int length = -1;

    /**
     * Registers the one cutter that publishes; {@code false} when a reader registered before it (it would be fed each
     * chunk after that reader, too late), and then it must not publish.
     */
    public boolean producer() {
        if (producerRegistered || consumerRegistered) {
            return false;
        }
        producerRegistered = true;
        return true;
    }

    /** Registers a reader of the runs; whether a producer registered before it (else the reader cuts its own). */
    public boolean consumer() {
        consumerRegistered = true;
        return producerRegistered;
    }

    /**
     * The runs of the chunk of {@code length} chars being fed now: start, end, start, end, ... ({@code edgeCount}
     * values, an array the producer reuses after the chunk).
     */
    public void publish(int[] edges, int edgeCount, int length) {
        this.edges = edges;
        this.edgeCount = edgeCount;
        this.length = length;
    }

    /** Whether runs of a chunk of this length were published and not yet taken; takes them. */
    boolean take(int chunkLength) {
        boolean fresh = length == chunkLength;
        length = -1;
        return fresh;
    }

    int[] edges() {
        return edges;
    }

    int edgeCount() {
        return edgeCount;
    }
}

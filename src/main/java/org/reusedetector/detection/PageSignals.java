package org.reusedetector.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.TokenizingChunker;

/**
 * The enabled signals' page parts for one parse thread, fed together by the chunker's one pass. A signal puts its
 * result on the page that goes on to be scored, or, if it has pages of its own, on a copy of the page cut down to URL,
 * time and size (no chunk hashes), kept in {@link #ownPage} for the caller to send on: a page's chunk hashes then cross
 * the network once, to the label match, not once more to that signal's matcher.
 */
public final class PageSignals implements TokenizingChunker.ChunkSink {

    private static final byte[] NO_BYTES = new byte[0];
    private static final int[] NO_INTS = new int[0];

    private final PageSignal[] signals;
    private final boolean[] hasOwnPages;
    private final HashedPage[] ownPages;

    /**
     * @param signals the page parts, in the order their results are put on the page
     * @param hasOwnPages per signal, whether its result goes on a page of its own rather than on the page that goes on
     */
    public PageSignals(List<PageSignal> signals, boolean[] hasOwnPages) {
        if (signals.size() != hasOwnPages.length) {
            throw new IllegalArgumentException(signals.size() + " signals, " + hasOwnPages.length + " own-page flags");
        }
        this.signals = signals.toArray(PageSignal[]::new);
        this.hasOwnPages = hasOwnPages.clone();
        this.ownPages = new HashedPage[this.signals.length];
    }

    /** These signals' page parts for one parse thread, in their order, sharing what they share. */
    public static PageSignals of(DetectionSettings settings, List<DetectionSignal> signals) {
        SharedParts shared = new SharedParts();
        List<PageSignal> parts = new ArrayList<>();
        boolean[] ownPages = new boolean[signals.size()];
        for (int i = 0; i < signals.size(); i++) {
            parts.add(signals.get(i).pageSignal(settings, shared));
            ownPages[i] = signals.get(i).ownPages() != null;
        }
        return new PageSignals(parts, ownPages);
    }

    public int size() {
        return signals.length;
    }

    /**
     * The page hashed, with the results of the signals that put theirs on it; the others' pages are then in {@link
     * #ownPage}. A failure resets every signal (the page's chunks are forgotten) and is thrown on.
     */
    public HashedPage hash(PageHasher hasher, String url, long eventTime, String body) {
        if (signals.length == 0) {
            return hasher.hash(url, eventTime, body);
        }
        try {
            return apply(hasher.hashWithChunks(url, eventTime, body, this));
        } catch (RuntimeException | StackOverflowError e) {
            reset();
            throw e;
        }
    }

    /** As {@link #hash(PageHasher, String, long, String)}, of a body in {@code body[0, length)}. */
    public HashedPage hash(PageHasher hasher, String url, long eventTime, char[] body, int length) {
        if (signals.length == 0) {
            return hasher.hash(url, eventTime, body, length);
        }
        try {
            return apply(hasher.hashWithChunks(url, eventTime, body, length, this));
        } catch (RuntimeException | StackOverflowError e) {
            reset();
            throw e;
        }
    }

    @Override
    public void chunk(char[] text, int length) {
        for (PageSignal signal : signals) {
            signal.chunk(text, length);
        }
    }

    /** Ends the page (see {@link #hash}). */
    private HashedPage apply(HashedPage page) {
        HashedPage out = page;
        HashedPage bare = null;
        for (int i = 0; i < signals.length; i++) {
            if (hasOwnPages[i]) {
                if (bare == null) {
                    bare = new HashedPage(page.url(), page.eventTime(), NO_BYTES, NO_BYTES, NO_INTS, page.bodyBytes());
                }
                HashedPage own = signals[i].apply(bare);
                ownPages[i] = own == bare ? null : own;
            } else {
                out = signals[i].apply(out);
            }
        }
        return out;
    }

    /** The last page's own page of signal {@code i} (one with pages of its own), or {@code null}: it had no result. */
    public HashedPage ownPage(int i) {
        return ownPages[i];
    }

    /** Forgets the current page in every signal. */
    private void reset() {
        for (PageSignal signal : signals) {
            signal.reset();
        }
        Arrays.fill(ownPages, null);
    }
}

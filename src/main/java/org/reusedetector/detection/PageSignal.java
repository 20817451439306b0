package org.reusedetector.detection;

import org.reusedetector.model.HashedPage;

/**
 * One signal's part of the parse step: it reads the page's visible text in the chunker's one pass, chunk by chunk as the
 * chunks are hashed, and at the end of the page puts its result on the hashed page. Reading the pass rather than the
 * page is what lets every signal cost one pass over the text, not one each.
 *
 * <p>Plain Java. It holds buffers: one instance per parse thread, built by its signal for each parse instance (see
 * {@code detection.DetectionSignal#pageSignal}); parts that several signals read, such as the page's words, come from
 * {@link SharedParts} so that they are computed once.
 */
public interface PageSignal {

    /**
     * One normalised chunk of the page's visible text, in document order (the chunker's {@code ChunkSink} call). The
     * array is the chunker's buffer, reused after the call returns: copy what must outlive it.
     */
    void chunk(char[] text, int length);

    /**
     * Ends the page: {@code page} with this signal's result on it, or {@code page} itself when the signal has no result
     * for it (for a signal with pages of its own, that page is then not sent). The signal is then ready for the next page.
     */
    HashedPage apply(HashedPage page);

    /** The page failed after some of its chunks were read: forgets them, ready for the next page. */
    void reset();
}

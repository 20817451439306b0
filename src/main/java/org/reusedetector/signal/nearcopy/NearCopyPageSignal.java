package org.reusedetector.signal.nearcopy;

import org.reusedetector.detection.PageSignal;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.shingle.PageSketcher;

/**
 * A page's side of the near-copy signal: its sampled distinct k-word phrases ({@link PageSketcher#sampledPhrases}),
 * from the page's words ({@link PageSketcher}, which takes the runs of word chars the I-Match signer found when it is
 * on).
 */
public final class NearCopyPageSignal implements PageSignal {

    /** The ids of the page's sampled phrases; none when it has none. The matcher drops them once it has done its work. */
    public static final ResultKey<int[]> SKETCH = ResultKey.ints("near-copy.phrase-ids");

    private final PageSketcher words;
    private final NearCopyParams params;

    NearCopyPageSignal(PageSketcher words, NearCopyParams params) {
        this.words = words;
        this.params = params;
    }

    @Override
    public void chunk(char[] text, int length) {
        words.chunk(text, length);
    }

    @Override
    public HashedPage apply(HashedPage page) {
        int[] phrases = words.phraseIds(params);
        words.reset();
        return phrases.length == 0 ? page : page.with(SKETCH, phrases);
    }

    @Override
    public void reset() {
        words.reset();
    }
}

package org.reusedetector.signal.nearcopy;

import org.reusedetector.detection.PageSignal;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.shingle.PageSketcher;

/**
 * A page's near-copy sketch (84 values of one-permutation min-hashing, {@code shingle.OnePermutationHash}) over its
 * circular k-word phrases, from the page's words ({@link PageSketcher}, which takes the runs of word chars the I-Match
 * signer found when it is on).
 */
public final class NearCopyPageSignal implements PageSignal {

    /** The page's near-copy sketch; none when the page has no words. The matcher drops it once it has done its work. */
    public static final ResultKey<long[]> SKETCH = ResultKey.longs("near-copy.sketch");

    private final PageSketcher words;

    NearCopyPageSignal(PageSketcher words) {
        this.words = words;
    }

    @Override
    public void chunk(char[] text, int length) {
        words.chunk(text, length);
    }

    @Override
    public HashedPage apply(HashedPage page) {
        long[] shingles = words.shingles();
        words.reset();
        return shingles.length == 0 ? page : page.with(SKETCH, shingles);
    }

    @Override
    public void reset() {
        words.reset();
    }
}

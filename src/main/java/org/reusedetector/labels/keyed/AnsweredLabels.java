package org.reusedetector.labels.keyed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.LabelStore;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.LabelAnswer;

/**
 * The labels of one page, put back together from its partitions' answers into a {@link LabelIndex} that holds just
 * them, for the page scorer ({@code score.PageScorer}) of the broadcast mode's whole set: a hash no partition answered is
 * not labelled (every hash of the page was asked), so the scorer sees what it would see in the whole set.
 *
 * <p>Origins get ids in a dictionary that only grows, as the broadcast set's does, because the scorer caches what it
 * works out per origin id. It holds the origins of the labels pages matched, never more than the broadcast mode holds
 * on every task. Coverage counts per source ({@code sourceChunks}) come from {@code sourceTotals}: the sum over all
 * partitions, which no single partition knows.
 */
public final class AnsweredLabels implements LabelStore {

    private final Map<Integer, byte[]> buckets = new HashMap<>();
    private final Map<String, Integer> originIds = new HashMap<>();
    private final List<String> origins = new ArrayList<>();
    private final LabelIndex index = new LabelIndex(this);
    private ToLongFunction<String> sourceTotals = source -> 0;

    /**
     * The labels a page's answers name, as an index for the page scorer; valid until the next call (one page at a
     * time).
     */
    public LabelIndex forPage(HashedPage page, Iterable<LabelAnswer> answers, ToLongFunction<String> totals) {
        buckets.clear();
        sourceTotals = totals;
        for (LabelAnswer answer : answers) {
            for (int k = 0; k < answer.indices().length; k++) {
                String origin = answer.origins()[k];
                int originId = origin == null ? LabelIndex.NO_ORIGIN : idOf(origin);
                index.add(PageQueries.hashAt(page, answer.indices()[k]), answer.kinds()[k], originId);
            }
        }
        return index;
    }

    private int idOf(String origin) {
        Integer id = originIds.get(origin);
        return id != null ? id : addOrigin(origin);
    }

    @Override
    public byte[] bucket(int bucket) {
        return buckets.get(bucket);
    }

    @Override
    public void putBucket(int bucket, byte[] entries) {
        buckets.put(bucket, entries);
    }

    @Override
    public void removeBucket(int bucket) {
        buckets.remove(bucket);
    }

    @Override
    public int originId(String origin) {
        return originIds.getOrDefault(origin, -1);
    }

    @Override
    public int addOrigin(String origin) {
        origins.add(origin);
        originIds.put(origin, origins.size() - 1);
        return origins.size() - 1;
    }

    @Override
    public String origin(int id) {
        return id >= 0 && id < origins.size() ? origins.get(id) : null;
    }

    @Override
    public long sourceChunks(String source) {
        return sourceTotals.applyAsLong(source);
    }
}

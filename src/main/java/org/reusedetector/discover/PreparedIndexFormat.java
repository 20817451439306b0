package org.reusedetector.discover;

import java.io.IOException;
import java.io.InputStream;
import org.reusedetector.connector.PojoTypes;
import org.reusedetector.connector.RecordFileFormat;
import org.reusedetector.format.JsonLines;
import org.reusedetector.index.HashIndex;
import org.reusedetector.index.HashIndexReader;
import org.reusedetector.model.HashedPage;
import org.reusedetector.url.IgnoredParameters;

/**
 * The pages of a hash index as discovery counts them ({@link PageHashes}, made by {@link PartitionCounts.Prepare}
 * as each page is read): in the source's reading thread, so that parsing URLs and picking the eligible hashes
 * run beside the counting instead of before it in the same thread.
 */
final class PreparedIndexFormat extends RecordFileFormat<PageHashes> {

    private static final long serialVersionUID = 1L;

    private final DiscoveryParams params;
    private final RecursionFilter recursion;
    private final IgnoredParameters ignored;

    PreparedIndexFormat(DiscoveryParams params, RecursionFilter recursion, IgnoredParameters ignored) {
        super(PojoTypes.of(PageHashes.class));
        this.params = params;
        this.recursion = recursion;
        this.ignored = ignored;
    }

    @Override
    protected boolean accepts(String fileName) {
        return HashIndex.isIndexFile(fileName);
    }

    @Override
    protected JsonLines.CloseableIterator<PageHashes> open(InputStream in, String fileName) throws IOException {
        HashIndexReader pages = new HashIndexReader(in, fileName);
        PartitionCounts.Prepare prepare = new PartitionCounts.Prepare(params.eligibility(), recursion, ignored);
        return new JsonLines.CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return pages.hasNext();
            }

            @Override
            public PageHashes next() {
                HashedPage page = pages.next();
                return prepare.of(page);
            }

            @Override
            public void close() throws IOException {
                pages.close();
            }
        };
    }
}

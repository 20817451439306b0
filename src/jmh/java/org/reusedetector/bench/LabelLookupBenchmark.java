package org.reusedetector.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.reusedetector.labels.LabelIndex;
import org.reusedetector.labels.MapLabelStore;
import org.reusedetector.page.Sha1;

/**
 * One lookup in the labelled set ({@link LabelIndex} over the plain-heap {@link MapLabelStore}) of {@code labels}
 * random chunk hashes: {@code hit} of a labelled hash, {@code miss} of an unlabelled one, taken in turn from packed
 * arrays as a page's chunk hashes are, so that the buckets read are as scattered as a page's. The streaming job's
 * store reads the same bucket arrays through a view of its broadcast state: the lookup is the same.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class LabelLookupBenchmark {

    @Param("1000000")
    public int labels;

    private LabelIndex index;
    /** The labelled hashes, packed. */
    private byte[] present;
    /** As many other random hashes, packed: none is labelled (at 96 bits, a false hit is out of reach). */
    private byte[] absent;

    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Random random = new Random(1);
        present = new byte[labels * Sha1.LENGTH];
        absent = new byte[labels * Sha1.LENGTH];
        random.nextBytes(present);
        random.nextBytes(absent);
        index = new LabelIndex(new MapLabelStore());
        byte[] hash = new byte[Sha1.LENGTH];
        for (int i = 0; i < labels; i++) {
            System.arraycopy(present, i * Sha1.LENGTH, hash, 0, Sha1.LENGTH);
            index.add(hash, LabelIndex.KIND_CHUNK, 0);
        }
        for (int i = 0; i < labels; i++) {
            if (index.lookup(present, i * Sha1.LENGTH) == 0 || index.lookup(absent, i * Sha1.LENGTH) != 0) {
                throw new IllegalStateException("label " + i + " is not found, or an unlabelled hash is");
            }
        }
    }

    private int offset() {
        int i = next;
        next = i + 1 == labels ? 0 : i + 1;
        return i * Sha1.LENGTH;
    }

    @Benchmark
    public long hit() {
        return index.lookup(present, offset());
    }

    @Benchmark
    public long miss() {
        return index.lookup(absent, offset());
    }
}

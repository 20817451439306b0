package org.reusedetector.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reusedetector.model.HashedPage;

class HashIndexSinkITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    @TempDir
    Path dir;

    private static StreamExecutionEnvironment env(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        if (mode == RuntimeExecutionMode.STREAMING) {
            env.enableCheckpointing(200); // bulk part files are committed at checkpoints
        }
        return env;
    }

    @ParameterizedTest
    @EnumSource(
            value = RuntimeExecutionMode.class,
            names = {"BATCH", "STREAMING"})
    void writesRollingPartFilesThatReadBackExactly(RuntimeExecutionMode mode) throws Exception {
        List<HashedPage> pages = HashIndexFilesTest.pages(300, 42);
        org.apache.flink.core.fs.Path index =
                new org.apache.flink.core.fs.Path(dir.resolve("index").toUri());

        StreamExecutionEnvironment writeEnv = env(mode);
        writeEnv.fromData(pages, HashIndexSource.TYPE)
                .rebalance()
                .sinkTo(HashIndexSink.create(index, 8 * 1024))
                .name("hash index");
        writeEnv.execute("write index");

        List<Path> parts = HashIndex.list(dir.resolve("index"));
        assertThat(parts).as("rolled by size").hasSizeGreaterThan(10).allSatisfy(p -> {
            assertThat(p.getFileName().toString()).matches("part-[0-9a-f-]{36}-\\d+\\.rdx");
            assertThat(Files.size(p)).isLessThan(8 * 1024 + 2 * 1024); // rolled after the record that crossed 8 KB
        });
        List<HashedPage> fromFiles = new ArrayList<>();
        for (Path part : parts) {
            fromFiles.addAll(HashIndexFilesTest.read(part));
        }
        assertInAnyOrder(fromFiles, pages);

        List<HashedPage> fromSource = new ArrayList<>();
        env(mode)
                .fromSource(HashIndexSource.create(index), WatermarkStrategy.noWatermarks(), "hash index")
                .returns(HashIndexSource.TYPE)
                .executeAndCollect()
                .forEachRemaining(fromSource::add);
        assertInAnyOrder(fromSource, pages);
    }

    private static void assertInAnyOrder(List<HashedPage> actual, List<HashedPage> expected) {
        assertThat(actual)
                .usingElementComparator((a, b) -> HashIndexFormatTest.samePage(a, b) ? 0 : 1)
                .containsExactlyInAnyOrderElementsOf(expected);
    }
}

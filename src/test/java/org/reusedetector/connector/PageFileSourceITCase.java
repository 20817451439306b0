package org.reusedetector.connector;

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
import org.reusedetector.format.PageFiles;
import org.reusedetector.format.PageFilesTest;
import org.reusedetector.format.WarcFixture;
import org.reusedetector.format.WarcPagesTest;
import org.reusedetector.model.SourceRecord;

class PageFileSourceITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(
            value = RuntimeExecutionMode.class,
            names = {"BATCH", "STREAMING"})
    void readsJsonlAndWarcFilesOfADirectoryInParallel(RuntimeExecutionMode mode) throws Exception {
        PageFilesTest.writeJsonl(
                dir.resolve("pages.jsonl.gz"), PageFilesTest.PAGE_A, "{not json", PageFilesTest.PAGE_B);
        Files.createDirectories(dir.resolve("warc"));
        WarcFixture.writeStandard(dir.resolve("warc/crawl.warc.gz"));
        Files.writeString(dir.resolve("truth.json"), "{}"); // not a page file: skipped
        List<SourceRecord> expected = new ArrayList<>();
        for (Path file : PageFiles.list(dir)) {
            expected.addAll(WarcPagesTest.readAll(PageFiles.open(file, 4 << 20)));
        }
        assertThat(expected).hasSize(3 + 8);

        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        if (mode == RuntimeExecutionMode.STREAMING) {
            env.enableCheckpointing(100);
        }

        List<SourceRecord> read = new ArrayList<>();
        env.fromSource(
                        PageFileSource.create(4 << 20, new org.apache.flink.core.fs.Path(dir.toUri())),
                        WatermarkStrategy.noWatermarks(),
                        "page files")
                .returns(PageFileSource.TYPE)
                .executeAndCollect()
                .forEachRemaining(read::add);

        assertThat(read).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(read).contains(new SourceRecord("{not json", "pages.jsonl.gz:2"));
        assertThat(read)
                .anySatisfy(r -> assertThat(r.value())
                        .contains("café crème")
                        .startsWith("{\"url\":\"https://example.org/latin1.html\""));
    }
}

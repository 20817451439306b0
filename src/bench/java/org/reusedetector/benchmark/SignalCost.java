package org.reusedetector.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.reusedetector.cli.JobSummary;
import org.reusedetector.cli.StreamCommand;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;

/**
 * What a signal costs the whole streaming job: off and on, in alternating runs (fastest of each) of the same run, so
 * that a busy machine slows both alike. Used by {@code benchmark imatch}, {@code nearcopy} and {@code signals}; the parse step
 * alone with each signal off and on is measured by the JMH benchmarks (docs/benchmarks.md).
 */
final class SignalCost {

    private SignalCost() {}

    /**
     * The fastest runs of the streaming job with each of two settings, run in turn (the order swapped every round, so
     * that neither always runs on a JVM the other has just warmed); MB/s of the processing span and of the whole job.
     */
    record Paired(
            double offMbs,
            double onMbs,
            double jobOffMbs,
            double jobOnMbs,
            double medianRatio,
            double cpuOffSeconds,
            double cpuOnSeconds,
            List<String> times,
            JobSummary lastOff,
            JobSummary lastOn) {

        /** The on runs' speed over the off runs', fastest of each (processing span). */
        double ratio() {
            return onMbs / offMbs;
        }

        double jobRatio() {
            return jobOnMbs / jobOffMbs;
        }

        /**
         * The off runs' CPU time over the on runs' (least of each, whole run in this process: broker, replay, job):
         * what the signals cost in work, which other processes' load inflates far less than wall time.
         */
        double cpuRatio() {
            return cpuOffSeconds / cpuOnSeconds;
        }
    }

    /** {@code runs} rounds of one run with {@code offSettings} and one with {@code onSettings}, alternating. */
    static Paired interleaved(
            ConfigArguments options,
            Path input,
            Path labels,
            int runs,
            List<String> offSettings,
            List<String> onSettings)
            throws Exception {
        double mbsOff = 0;
        double mbsOn = 0;
        double jobMbsOff = 0;
        double jobMbsOn = 0;
        double[] ratios = new double[runs];
        List<String> times = new ArrayList<>();
        double cpuOff = Double.MAX_VALUE;
        double cpuOn = Double.MAX_VALUE;
        JobSummary jobOff = null;
        JobSummary jobOn = null;
        for (int run = 0; run < runs; run++) {
            double[] cpu = new double[2];
            double[] span = new double[2];
            if (run % 2 == 0) {
                jobOff = timedRun(options, input, labels, offSettings, cpu, span, 0);
                jobOn = timedRun(options, input, labels, onSettings, cpu, span, 1);
            } else {
                jobOn = timedRun(options, input, labels, onSettings, cpu, span, 1);
                jobOff = timedRun(options, input, labels, offSettings, cpu, span, 0);
            }
            cpuOff = Math.min(cpuOff, cpu[0]);
            cpuOn = Math.min(cpuOn, cpu[1]);
            double off = jobOff.bytes() / 1e6 / span[0];
            double on = jobOn.bytes() / 1e6 / span[1];
            ratios[run] = on / off;
            mbsOff = Math.max(mbsOff, off);
            mbsOn = Math.max(mbsOn, on);
            jobMbsOff = Math.max(jobMbsOff, jobOff.bytes() / 1e6 / jobOff.seconds());
            jobMbsOn = Math.max(jobMbsOn, jobOn.bytes() / 1e6 / jobOn.seconds());
            times.add(String.format(
                    "off %.1f s (job %.1f s, CPU %.1f s), on %.1f s (job %.1f s, CPU %.1f s)",
                    span[0], jobOff.seconds(), cpu[0], span[1], jobOn.seconds(), cpu[1]));
        }
        double median = runs == 0 ? Double.NaN : BenchmarkCommand.median(ratios);
        return new Paired(mbsOff, mbsOn, jobMbsOff, jobMbsOn, median, cpuOff, cpuOn, times, jobOff, jobOn);
    }

    /**
     * One run, its process CPU seconds put in {@code cpu[at]} (NaN where the platform does not tell) and its
     * processing span in {@code span[at]} ({@link ProcessingSpanReporter}; the whole run's if none was seen).
     */
    private static JobSummary timedRun(
            ConfigArguments options,
            Path input,
            Path labels,
            List<String> settings,
            double[] cpu,
            double[] span,
            int at)
            throws Exception {
        ProcessingSpanReporter.reset();
        long before = processCpuNanos();
        JobSummary job = streamRun(options, input, labels, settings);
        long after = processCpuNanos();
        cpu[at] = before < 0 || after < 0 ? Double.NaN : (after - before) / 1e9;
        span[at] = ProcessingSpanReporter.seconds(job.seconds());
        return job;
    }

    private static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** The streaming job's MB/s off and on, each run on a fresh embedded broker with the given extra settings. */
    static void streamingJob(
            BenchmarkFigures figures,
            String signal,
            ConfigArguments options,
            ReuseDetectorConfig config,
            Path input,
            Path labels,
            int runs,
            List<String> offSettings,
            List<String> onSettings)
            throws Exception {
        if (runs <= 0) {
            return;
        }
        Paired paired = interleaved(options, input, labels, runs, offSettings, onSettings);
        double mbsOff = paired.offMbs();
        double mbsOn = paired.onMbs();
        double jobMbsOff = paired.jobOffMbs();
        double jobMbsOn = paired.jobOnMbs();
        // the processing span: the job's start and its wait for the final checkpoint (up to one interval) are left out
        figures.put("stream_off_mb_s", mbsOff)
                .put("stream_on_mb_s", mbsOn)
                .put("stream_on_cost_pct", 100 * (1 - mbsOn / mbsOff))
                .put("job_off_mb_s", jobMbsOff)
                .put("job_on_mb_s", jobMbsOn)
                .put("job_on_cost_pct", 100 * (1 - jobMbsOn / jobMbsOff));
        figures.line(
                "  streaming job (parallelism %s, fastest of %d each; first page parsed to last page matched, and whole job: %s): "
                        + "%s off %.1f MB/s, on %.1f MB/s: on costs %.1f %% (whole job: off %.1f, on %.1f MB/s, %.1f %%)",
                config.get(ReuseDetectorOptions.PARALLELISM),
                runs,
                String.join("; ", paired.times()),
                signal,
                mbsOff,
                mbsOn,
                100 * (1 - mbsOn / mbsOff),
                jobMbsOff,
                jobMbsOn,
                100 * (1 - jobMbsOn / jobMbsOff));
    }

    private static JobSummary streamRun(ConfigArguments options, Path input, Path labels, List<String> settings)
            throws Exception {
        Path work = Files.createTempDirectory("reuse-detector-bench");
        List<String> args = new ArrayList<>(List.of(
                "--bounded",
                "--replay",
                input.toString(),
                "--labels",
                labels.toString(),
                "--set",
                "embedded.kafka-port=0",
                "--set",
                "embedded.data-dir=" + work.resolve("kafka"),
                "--set",
                "job.state-dir=" + work.resolve("flink")));
        for (String setting : settings) {
            args.add("--set");
            args.add(setting);
        }
        for (String setting : ProcessingSpanReporter.SETTINGS) {
            args.add("--set");
            args.add(setting);
        }
        return BenchmarkCommand.parsed(new StreamCommand(), options, args.toArray(String[]::new))
                .run();
    }
}

package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.format.Json;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Label changes and failures together (keyed label mode, parallelism 2, the in-process broker): {@link
 * LabelChangesITCase}'s run, whose labels are added, removed, and removed then added again after the pages were scored,
 * with two task failures while the changes are being applied, each a restart from the last completed checkpoint. The
 * label records pass a fault injector, slowly once the changes come, so that checkpoints fall among them:
 *
 * <ol>
 *   <li>in the middle of the changes, once a re-score made by one of them has reached the alerts sink (seen read
 *       uncommitted): changes before it applied in the partitions, their re-scores on their way to or through the join
 *       and the sink, later changes unread;
 *   <li>in the restarted attempt, while a checkpoint is taken after one with part of the replayed changes had
 *       completed: the attempt after it starts from remembered pages ({@code keyed-label-recent-pages}, {@code
 *       keyed-join-remembered}) with some changes applied and others to come.
 * </ol>
 *
 * The committed alerts must leave the standing page alerts and bad neighbourhoods of a run with the final labels from
 * the start, and hold no record twice in a row for one page or neighbourhood (what a replayed re-score that escaped
 * its aborted transaction would leave). The injector counts the changes it passed in its own state, so the test knows
 * how many each restart found in its checkpoint and read again.
 */
@ExtendWith(KafkaBrokerExtension.class)
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class LabelChangesRecoveryITCase {

    private static final Logger LOG = LoggerFactory.getLogger(LabelChangesRecoveryITCase.class);
    /** Fault plans by run name: the injector is serialised into the job, the plan stays in this JVM. */
    private static final Map<String, Faults> FAULTS = new ConcurrentHashMap<>();

    @TempDir
    Path dir;

    @Test
    void failuresWhileLabelChangesReScorePagesLeaveTheAlertsOfARunWithTheFinalLabelsFromTheStart() throws Exception {
        LabelChangesITCase.Scenario scenario = LabelChangesITCase.Scenario.write(dir);
        String name = "changed-with-failures";
        // the first fault halfway through the changes: past the added labels, among the removals of the wrong ones
        Faults faults = new Faults(
                scenario.heldBack() + scenario.wrong() / 2, scenario.changes().size());
        FAULTS.put(name, faults);
        Map<String, String> restarts = Map.of(
                "flink.restart-strategy.type",
                "fixed-delay",
                "flink.restart-strategy.fixed-delay.attempts",
                "5",
                "flink.restart-strategy.fixed-delay.delay",
                "200 ms",
                "flink.execution.checkpointing.tolerable-failed-checkpoints",
                "0");
        LabelChangesITCase.Hooks hooks = new LabelChangesITCase.Hooks(
                restarts,
                labels -> labels.map(new FaultInjector(name), labels.getType())
                        .uid("label-fault-injector")
                        .name("label-fault-injector"),
                (job, alertsTopic) -> faults.armed = true,
                (job, alertsTopic) -> awaitAReScoreThenFail(faults, alertsTopic));

        Map<String, List<Alert>> changed =
                LabelChangesITCase.run(dir, name, scenario.crawl(), scenario.initial(), scenario.changes(), hooks);
        LOG.info(
                "Run with label changes and failures: {} change records; re-score seen before fault 1: {}; passed by"
                        + " attempt: {} {} {}; in the checkpoint each attempt started from: {} {} {}",
                faults.changes,
                faults.reScoreSeen,
                faults.seen[0].get(),
                faults.seen[1].get(),
                faults.seen[2].get(),
                faults.restored[0].get(),
                faults.restored[1].get(),
                faults.restored[2].get());
        // fault 1 came after a change had been applied and re-scored a page, before the changes were all in
        assertThat(faults.reScoreSeen)
                .as("a re-score reached the sink before fault 1")
                .isNotNull();
        assertThat(faults.blockingFault.get()).as("fault 1 fired").isTrue();
        assertThat(faults.seen[0].get()).isBetween(faults.firstAt, faults.changes - 1);
        // fault 2 came after a checkpoint with changes applied (and so remembered pages re-labelled) had completed
        assertThat(faults.checkpointFault.get()).as("fault 2 fired").isTrue();
        assertThat(faults.inCompletedCheckpoint[1].get()).isPositive();
        assertThat(faults.maxAttempt.get()).isEqualTo(2);
        // the first restart started from a checkpoint without the held record; the second from one with more changes,
        // passed by the attempt before it, and changes still to come, which it read again, and nothing its
        // checkpoint held
        assertThat(faults.restored[1].get()).isLessThan(faults.seen[0].get());
        assertThat(faults.restored[2].get() - faults.restored[1].get()).isBetween(1L, faults.seen[1].get());
        assertThat(faults.seen[2].get())
                .isEqualTo(faults.changes - faults.restored[2].get())
                .isPositive();

        Map<String, List<Alert>> fromStart = LabelChangesITCase.run(
                dir, "from-start", scenario.crawl(), scenario.reference(), List.of(), LabelChangesITCase.Hooks.NONE);
        LabelChangesITCase.assertAlertsOfTheFinalLabelsFromTheStart(changed, fromStart);
        assertThat(LabelChangesITCase.repeatedRecords(changed.get("all"))).isEmpty();
    }

    /**
     * Once the injector holds the label record it is to fail on, waits until a re-score of a change is in the alerts
     * topic (read uncommitted: a page's {@code cleared}, which only a re-score sends, or an alert of the login page,
     * whose labels were held back), then lets the injector fail.
     */
    private static void awaitAReScoreThenFail(Faults faults, String alertsTopic) throws Exception {
        LabelChangesITCase.awaitUntil(faults.holding::get);
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        LabelChangesITCase.awaitUntil(() -> {
            for (ConsumerRecord<String, String> r :
                    TopicContents.readAll(bootstrap, alertsTopic, IsolationLevel.READ_UNCOMMITTED)) {
                Alert a = Json.read(r.value(), Alert.class);
                if (a.url() != null
                        && (a.type() == AlertType.CLEARED || a.url().contains("wiki0.clone-farm.example/wiki/login"))) {
                    faults.reScoreSeen = a.type() + " " + a.url();
                    return true;
                }
            }
            return false;
        });
        faults.fail.set(true);
    }

    // --- fault injection --------------------------------------------------------------------------------------------

    /** A run's fault plan and what happened, shared by all subtasks and attempts of its job (one JVM). */
    static final class Faults {
        /** The label record (counted over both subtasks, from the first change on) that fault 1 holds and fails on. */
        final long firstAt;
        /** The change records published. */
        final long changes;

        volatile boolean armed;
        volatile String reScoreSeen;
        final AtomicBoolean holding = new AtomicBoolean();
        final AtomicBoolean fail = new AtomicBoolean();
        final AtomicBoolean blockingFault = new AtomicBoolean();
        final AtomicBoolean checkpointFault = new AtomicBoolean();
        final AtomicInteger maxAttempt = new AtomicInteger();
        /** Change records passed, by attempt (the third counts the later ones too). */
        final AtomicLong[] seen = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
        /** Per checkpoint, the change records its attempt passed before the barriers, summed over the subtasks. */
        final Map<Long, Long> beforeBarriers = new ConcurrentHashMap<>();
        /** Per attempt, the change records passed before the barriers of its last completed checkpoint. */
        final AtomicLong[] inCompletedCheckpoint = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
        /** Per attempt, the change records passed before the checkpoint it started from, over all attempts before. */
        final AtomicLong[] restored = {new AtomicLong(), new AtomicLong(), new AtomicLong()};

        Faults(long firstAt, long changes) {
            this.firstAt = firstAt;
            this.changes = changes;
        }
    }

    /**
     * Passes label records through, once armed (the changes are about to be published) a little slowly so that
     * checkpoints fall among the changes, and fails: (1) in the first attempt, on the {@code firstAt}-th record, held
     * until the test has seen a re-score of an earlier change in the alerts topic; (2) in the second attempt, while the
     * checkpoint after the first one to complete with a replayed change in it is taken.
     */
    static final class FaultInjector extends RichMapFunction<SourceRecord, SourceRecord>
            implements CheckpointedFunction, CheckpointListener {
        private final String run;
        private transient Faults faults;
        private transient int attempt;
        /** Change records this subtask passed in this attempt. */
        private transient long mine;
        /** Change records this subtask passed before the checkpoint it started from. */
        private transient long before;

        private transient ListState<Long> passed;

        FaultInjector(String run) {
            this.run = run;
        }

        @Override
        public void open(OpenContext context) {
            faults = FAULTS.get(run);
            attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
            faults.maxAttempt.accumulateAndGet(attempt, Math::max);
        }

        @Override
        public SourceRecord map(SourceRecord record) throws Exception {
            if (!faults.armed) {
                return record;
            }
            long n = faults.seen[Math.min(attempt, 2)].incrementAndGet();
            if (attempt == 0 && n >= faults.firstAt && faults.blockingFault.compareAndSet(false, true)) {
                faults.holding.set(true);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (!faults.fail.get() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                throw new IllegalStateException("induced fault 1: task failure on label record " + n
                        + " of the changes, after a re-score reached the sink: " + faults.reScoreSeen);
            }
            mine++;
            if (attempt < 2) {
                Thread.sleep(40);
            }
            return record;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            if (!faults.armed) {
                return;
            }
            faults.beforeBarriers.merge(context.getCheckpointId(), mine, Long::sum);
            passed.update(List.of(before + mine));
            if (attempt == 1
                    && faults.inCompletedCheckpoint[1].get() > 0
                    && faults.checkpointFault.compareAndSet(false, true)) {
                throw new IllegalStateException("induced fault 2: task failure during checkpoint "
                        + context.getCheckpointId() + ", after one with "
                        + faults.inCompletedCheckpoint[1].get() + " replayed changes completed");
            }
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            Long passed = faults.beforeBarriers.get(checkpointId);
            if (passed != null) {
                faults.inCompletedCheckpoint[Math.min(attempt, 2)].set(passed);
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            passed = context.getOperatorStateStore()
                    .getListState(new ListStateDescriptor<>("label-changes-passed", Types.LONG));
            for (Long n : passed.get()) {
                before += n;
            }
            Faults plan = FAULTS.get(run);
            plan.restored[Math.min(getRuntimeContext().getTaskInfo().getAttemptNumber(), 2)].addAndGet(before);
        }
    }
}

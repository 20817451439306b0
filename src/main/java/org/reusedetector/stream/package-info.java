/**
 * The streaming job: Kafka in, {@code detection.DetectionWorkflow}, Kafka out (exactly once), and the checkpoints a stopped run resumes from.
 * May import {@code detection} (and its functions), {@code connector}, {@code index}, {@code config}, {@code format}, {@code kafka}, {@code imatch} (the lexicon topic), {@code page} (the fetch time that stamps source records) and {@code model}.
 * <p>Project imports: {@code config}, {@code connector}, {@code detection}, {@code detection.functions},
 * {@code format}, {@code imatch}, {@code index}, {@code kafka}, {@code model}, {@code page}, {@code signal}.
 */
package org.reusedetector.stream;

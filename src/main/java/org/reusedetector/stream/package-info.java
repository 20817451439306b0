/**
 * The streaming job: Kafka in, {@code detection.DetectionWorkflow}, Kafka out (exactly once), and the checkpoints a stopped run resumes from.
 * May import {@code detection}, {@code connector}, {@code index}, {@code config} and {@code model}.
 */
package org.reusedetector.stream;

/**
 * Read-only legacy: the keyed-state records of the detection operators as checkpoints of jobs before the versioned
 * state formats hold them, Flink POJOs under these class names. The records live beside their operators in
 * {@code detection.functions}, whose formats ({@code state.StateFormat}) read state of these classes once and write it
 * again in their own layouts. Nothing else uses them. The package goes once no job runs a checkpoint from before that
 * version (docs/operations.md, upgrades).
 * <p>Project imports: {@code model}.
 */
package org.reusedetector.stream.functions;

/**
 * The keyed-state value types of the detection operators ({@code NeighbourhoodState}, {@code NeighbourhoodVerdict},
 * {@code UrlContribution}). Imports {@code model} only. The operators live in {@code detection.functions}; these
 * records stay here because Flink's POJO serializer writes their class names into checkpoints and savepoints, so
 * moving them would make the state of running jobs unreadable.
 * <p>Project imports: {@code model}.
 */
package org.reusedetector.stream.functions;

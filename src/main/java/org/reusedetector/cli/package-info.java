/**
 * One class per command: options, then wiring of inputs and outputs through the workflows, and printing.
 * May import any package, but no DataStream, Flink function, state or connector code: the topology is the workflows' own.
 * <p>Project imports: any.
 */
package org.reusedetector.cli;

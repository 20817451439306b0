/**
 * A standalone Flink session cluster on this machine: JobManager and TaskManagers as child JVMs on a classpath of
 * Maven artifacts ({@code target/cluster-lib}), for the cluster test and {@code benchmark stream --cluster}.
 * No Flink imports (it talks to the cluster's processes and REST API only); may import nothing of the project.
 * <p>Project imports: none.
 */
package org.reusedetector.cluster;

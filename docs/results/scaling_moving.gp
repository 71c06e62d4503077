set terminal pngcairo size 1000,700 noenhanced
set output 'docs/results/scaling_moving.png'
set logscale xy
set key outside right
set xrange [800:125000]
set xlabel 'boxes'
set ylabel 'ms per step (median, thread CPU time)'
set grid
set title 'Broad phases, moving boxes: time per step'
$data << EOD
1000 1.42284
2000 6.16256
5000 42.7794
10000 183.186
20000 761.948


1000 0.197322
2000 0.379302
5000 1.12256
10000 2.49499
20000 5.44668
50000 19.3333
100000 43.3675


1000 0.426722
2000 1.2256
5000 5.13916
10000 16.0441
20000 53.4866
50000 261.695
100000 701.576


1000 0.343398
2000 1.03875
5000 4.90689
10000 16.2307
20000 48.426
50000 251.642
100000 732.071


1000 0.227457
2000 0.47204
5000 1.34972
10000 3.23663
20000 7.19016
50000 31.1079
100000 82.0383


1000 0.572679
2000 1.8364
5000 11.0406
10000 39.2592
20000 145.64
50000 886.874


1000 0.063885
2000 0.151555
5000 0.711284
10000 1.48579
20000 4.32213
50000 18.6148
100000 57.8378


1000 0.254357
2000 0.542413
5000 1.5675
10000 2.84709
20000 7.41575
50000 27.1684
100000 90.1544


1000 0.451538
2000 1.12857
5000 5.99088
10000 21.921
20000 162.27
50000 947.039


1000 0.496526
2000 1.42752
5000 6.20951
10000 19.1041
20000 65.6308
50000 511.63


1000 0.369106
2000 0.984839
5000 4.05656
10000 13.0887
20000 32.4793
50000 139.017
100000 475.247


1000 0.64811
2000 1.59123
5000 6.96607
10000 15.846
20000 52.5723
50000 217.51
100000 472.048


1000 0.5266
2000 1.51699
5000 7.28124
10000 24.8408
20000 104.876
50000 690.789


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sap', $data index 3 using 1:2 with linespoints lw 2 title 'sap2', $data index 4 using 1:2 with linespoints lw 2 title 'hash', $data index 5 using 1:2 with linespoints lw 2 title 'quadtree', $data index 6 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 7 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 8 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 9 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 10 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 11 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 12 using 1:2 with linespoints lw 2 title 'bullet_axis3'

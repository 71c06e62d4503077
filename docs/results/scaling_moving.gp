set terminal pngcairo size 1000,700 noenhanced
set output 'docs/results/scaling_moving.png'
set logscale xy
set key outside right
set xrange [800:125000]
set xlabel 'boxes'
set ylabel 'ms per step (median, thread CPU time)'
set grid
set title 'Broad phases, moving boxes: time per step'
# Seventeen distinguishable line colours, one per broad phase: gnuplot's default cycle repeats after
# eight, and the benches plot up to seventeen algorithms. Loaded by scripts/plot_sim.gp; the scaling
# bench copies it into the plot scripts it writes, so that they stay self-contained.
colours = "#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #bcbd22 #7f7f7f " . \
          "#000000 #aec7e8 #393b79 #637939 #e7ba52 #ff00ff #66c2a5"
do for [i=1:17] { set linetype i lc rgb word(colours, i) lw 1.5 }
set linetype cycle 17
$data << EOD
1000 1.37174
2000 5.79409
5000 40.6834
10000 180.733
20000 745.68


1000 0.041352
2000 0.08826
5000 0.194148
10000 0.396928
20000 0.766125
50000 2.64814
100000 8.58482


1000 0.064946
2000 0.141409
5000 0.471559
10000 1.21186
20000 3.39151
50000 15.2967
100000 46.5289


1000 0.425681
2000 1.19772
5000 4.81229
10000 14.4092
20000 43.9117
50000 208.163
100000 636.516


1000 0.335397
2000 0.963858
5000 3.91225
10000 12.4627
20000 43.2961
50000 194.064
100000 600.95


1000 0.227818
2000 0.472931
5000 1.25593
10000 2.6796
20000 5.8599
50000 22.8143
100000 59.8191


1000 0.584726
2000 1.83456
5000 9.92763
10000 37.8033
20000 135.931
50000 789.106


1000 0.05412
2000 0.120779
5000 0.389027
10000 1.13731
20000 2.80431
50000 11.2721
100000 34.5575


1000 0.582052
2000 1.83718
5000 9.95262
10000 38.1827
20000 137.166
50000 774.359


1000 0.737113
2000 1.53015
5000 3.44185
10000 7.35585
20000 15.8005
50000 51.2846
100000 116.67


1000 0.255138
2000 0.548734
5000 1.39152
10000 2.64029
20000 7.0036
50000 24.8715
100000 73.4416


1000 0.440884
2000 1.12373
5000 3.99155
10000 12.2713
20000 67.18
50000 797.263


1000 0.488034
2000 1.57326
5000 5.22531
10000 15.4295
20000 45.8225
50000 239.494
100000 1094.48


1000 0.498108
2000 1.40661
5000 5.28184
10000 17.2651
20000 47.6541
50000 276.563
100000 1163.09


1000 0.365522
2000 0.962276
5000 3.58529
10000 10.6557
20000 31.0532
50000 136.303
100000 461.652


1000 0.647399
2000 1.46573
5000 4.30586
10000 10.3805
20000 35.2858
50000 159.443
100000 385.565


1000 0.539209
2000 1.53529
5000 6.66664
10000 22.7084
20000 73.7551
50000 342.443
100000 1317.76


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'

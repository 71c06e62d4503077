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
1000 1.89524
2000 7.8382
5000 50.8258
10000 206.802
20000 841.687


1000 0.051197
2000 0.094929
5000 0.236268
10000 0.426298
20000 0.86065
50000 3.33453
100000 5.14993


1000 0.067648
2000 0.143171
5000 0.493074
10000 1.22232
20000 3.31828
50000 16.4116
100000 42.6549


1000 0.513572
2000 1.39798
5000 5.50928
10000 15.9935
20000 46.5432
50000 209.551
100000 561.411


1000 0.383947
2000 1.1058
5000 5.38088
10000 14.8009
20000 44.1211
50000 204.596
100000 527.03


1000 0.255164
2000 0.539973
5000 1.42644
10000 3.14677
20000 6.82592
50000 20.66
100000 42.5675


1000 0.684537
2000 2.05032
5000 9.69708
10000 36.8908
20000 134.676
50000 859.048


1000 0.057759
2000 0.127231
5000 0.403915
10000 1.08234
20000 2.98556
50000 12.6192
100000 36.105


1000 0.695126
2000 2.03698
5000 9.7099
10000 37.1876
20000 135.187
50000 780.763


1000 0.894804
2000 1.82299
5000 4.00481
10000 8.33071
20000 17.5828
50000 50.6657
100000 108.721


1000 0.309296
2000 0.6017
5000 1.4936
10000 2.90837
20000 7.69566
50000 25.6484
100000 79.0057


1000 0.504856
2000 1.25324
5000 4.58049
10000 13.545
20000 190.153
50000 1525.52


1000 0.512782
2000 1.40156
5000 5.326
10000 15.8647
20000 46.3708
50000 320.426
100000 1118.29


1000 0.531276
2000 1.45912
5000 5.50717
10000 16.0906
20000 64.3939
50000 362.206
100000 1221.85


1000 0.342218
2000 0.961881
5000 3.97901
10000 11.0069
20000 35.2297
50000 161.386
100000 437.413


1000 0.709664
2000 1.61643
5000 4.87793
10000 11.4726
20000 30.6711
50000 206.179
100000 412.295


1000 0.647366
2000 1.80599
5000 7.73984
10000 25.4111
20000 84.8819
50000 387.869
100000 1440.63


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'

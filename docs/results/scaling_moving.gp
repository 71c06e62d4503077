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
1000 1.65273
2000 6.69971
5000 44.1047
10000 181.721
20000 770.86


1000 0.043432
2000 0.088889
5000 0.250434
10000 0.345864
20000 0.818741
50000 2.9407
100000 8.36806


1000 0.063951
2000 0.135567
5000 0.456115
10000 1.1435
20000 3.55274
50000 16.7705
100000 49.4771


1000 0.487023
2000 1.32309
5000 5.19832
10000 14.99
20000 44.7874
50000 202.21
100000 725.737


1000 0.358519
2000 1.05155
5000 4.06823
10000 12.0476
20000 39.001
50000 190.537
100000 751.29


1000 0.239854
2000 0.507411
5000 1.30812
10000 2.80347
20000 5.96107
50000 19.4431
100000 79.0798


1000 0.64379
2000 1.90556
5000 9.07839
10000 34.8496
20000 128.1
50000 794.351


1000 0.055135
2000 0.119536
5000 0.411098
10000 1.01607
20000 2.81256
50000 13.1241
100000 39.2434


1000 0.644861
2000 1.92467
5000 9.12128
10000 35.8512
20000 136.207
50000 844.019


1000 0.819582
2000 1.66902
5000 3.69419
10000 7.80991
20000 17.2414
50000 59.9826
100000 141.797


1000 0.289139
2000 0.56471
5000 1.41601
10000 2.71633
20000 7.48652
50000 30.6741
100000 94.3876


1000 0.448099
2000 1.13907
5000 4.07044
10000 12.0361
20000 184.714
50000 1446.25


1000 0.474198
2000 1.2893
5000 5.02609
10000 14.127
20000 43.9192
50000 245.891
100000 1271.65


1000 0.465873
2000 1.36355
5000 5.16467
10000 14.5789
20000 46.6606
50000 255.857
100000 1367.8


1000 0.323493
2000 0.90299
5000 3.6845
10000 10.4168
20000 33.7171
50000 137.044
100000 470.312


1000 0.679908
2000 1.49324
5000 4.49754
10000 10.4054
20000 25.2463
50000 149.102
100000 405.147


1000 0.597402
2000 1.70744
5000 7.18391
10000 23.0678
20000 78.9985
50000 424.63


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'

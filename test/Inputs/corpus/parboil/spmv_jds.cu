/***************************************************************************
 * spmv_jds.cu: sparse matrix-vector product in the jagged diagonal storage
 * format, with the vector read through a 1D texture reference and the jagged
 * diagonal offsets in __constant__ memory, in the style of Parboil's spmv.
 * Written for the gpurd test corpus.
 ***************************************************************************/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#define WARP_BITS 5
#define blockSize 64

__constant__ int jds_ptr_int[5000];
__constant__ int sh_zcnt_int[5000];

texture<float, 1> tex_x_float;

__global__ void spmv_jds(float *dst_vector, const float *d_data,
		       const int *d_index, const int *d_perm,
		       const float *x_vec, const int dim,
		       const int *d_jds_ptr_int, const int *d_sh_zcnt_int)
{
	int ix = blockIdx.x * blockDim.x + threadIdx.x;
	int warp_id=ix>>WARP_BITS;

	if(ix<dim)
	{
		float sum=0.0f;
		int bound=sh_zcnt_int[warp_id];
		//prefetch 0
		int j=jds_ptr_int[0]+ix;
		float d = d_data[j];
		int i = d_index[j];
		float t = tex1Dfetch(tex_x_float,i);

		if (bound>1)  //bound >=2
		{
			//prefetch 1
			j=jds_ptr_int[1]+ix;
			i =  d_index[j];
			int in;
			float dn;
			float tn;
			for(int k=2;k<bound;k++ )
			{
				//prefetch k-1
				dn = d_data[j];
				//prefetch k
				j=jds_ptr_int[k]+ix;
				in = d_index[j];
				//prefetch k-1
				tn = tex1Dfetch(tex_x_float,i);

				//compute k-2
				sum += d*t;
				//sweep to k
				i = in;
				//sweep to k-1
				d = dn;
				t =tn;
			}

			//fetch last
			dn = d_data[j];
			tn = tex1Dfetch(tex_x_float,i);

			//compute last-1
			sum += d*t;
			//sweep to last
			d=dn;
			t=tn;
		}
		//compute last
		sum += d*t;  // 3 3

		//write out data
		dst_vector[d_perm[ix]]=sum;
	}
}

static int compute_active_thread(size_t *thread, size_t *grid, int task,
                                 int pad, int major, int minor, int sm)
{
	int max_thread;
	int max_block=8;
	if(major==1)
	{
		if(minor>=2) max_thread=1024;
		else max_thread=768;
	}
	else if(major==2) max_thread=1536;
	else max_thread=2048;

	int _grid;
	int _thread;
	if(task*pad>sm*max_thread)
	{
		_thread=max_thread/max_block;
		_grid = ((task*pad+_thread-1)/_thread)*_thread;
	}
	else
	{
		_thread=pad;
		_grid=task*pad;
	}
	thread[0]=_thread;
	grid[0]=_grid;
	return 0;
}

int main(int argc, char** argv) {
	int len = 1 << 16, depth = 32, nzcnt_len = len / 32, dim = len, pad = 32;
	float *h_data = (float *) calloc(len * depth, sizeof(float));
	int *h_indices = (int *) calloc(len * depth, sizeof(int));
	int *h_ptr = (int *) malloc(depth * sizeof(int));
	int *h_perm = (int *) malloc(dim * sizeof(int));
	int *h_nzcnt = (int *) malloc(nzcnt_len * sizeof(int));
	float *h_x_vector = (float *) malloc(dim * sizeof(float));
	float *h_Ax_vector = (float *) malloc(dim * sizeof(float));
	for (int i = 0; i < depth; i++) h_ptr[i] = i * len;
	for (int i = 0; i < dim; i++) { h_perm[i] = i; h_x_vector[i] = 1.0f; }
	for (int i = 0; i < nzcnt_len; i++) h_nzcnt[i] = depth;

	cudaDeviceProp deviceProp;
	cudaGetDeviceProperties(&deviceProp, 0);

	//memory allocation
	float *d_data, *d_x_vector, *d_Ax_vector;
	int *d_indices, *d_perm, *d_nzcnt;
	cudaMalloc((void **)&d_data, len*depth*sizeof(float));
	cudaMalloc((void **)&d_indices, len*depth*sizeof(int));
	cudaMalloc((void **)&d_perm, dim*sizeof(int));
	cudaMalloc((void **)&d_x_vector, dim*sizeof(float));
	cudaMalloc((void **)&d_Ax_vector,dim*sizeof(float));
	cudaMalloc((void **)&d_nzcnt, nzcnt_len*sizeof(int));

	//memory copy
	cudaMemcpy(d_data, h_data, len*depth*sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_indices, h_indices, len*depth*sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_perm, h_perm, dim*sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_x_vector, h_x_vector, dim*sizeof(float), cudaMemcpyHostToDevice);
	cudaMemset( (void *) d_Ax_vector, 0, dim*sizeof(float));

	cudaBindTexture(0, tex_x_float, d_x_vector);

	size_t grid;
	size_t block;
	compute_active_thread(&block, &grid, nzcnt_len, pad, deviceProp.major, deviceProp.minor, deviceProp.multiProcessorCount);

	cudaMemcpyToSymbol(jds_ptr_int, h_ptr, depth*sizeof(int));
	cudaMemcpyToSymbol(sh_zcnt_int, h_nzcnt, nzcnt_len*sizeof(int));

	//main execution
	for (int i=0; i<50; i++)
		spmv_jds<<<grid/block, block>>>(d_Ax_vector, d_data, d_indices, d_perm, d_x_vector, dim, d_indices, d_nzcnt);

	cudaThreadSynchronize();
	cudaMemcpy(h_Ax_vector, d_Ax_vector, dim*sizeof(float), cudaMemcpyDeviceToHost);
	cudaUnbindTexture(tex_x_float);

	cudaFree(d_data);
	cudaFree(d_indices);
	cudaFree(d_perm);
	cudaFree(d_nzcnt);
	cudaFree(d_x_vector);
	cudaFree(d_Ax_vector);
	free(h_data); free(h_indices); free(h_ptr); free(h_perm); free(h_nzcnt);
	free(h_x_vector); free(h_Ax_vector);
	return 0;
}
